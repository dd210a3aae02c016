import { EditableSettings, type SettingsPatch } from '../../../../shared/contract'

/** Form fields hold text as typed; each draft is checked against the contract's own bounds before saving. */
export type FieldErrors<K extends string> = Readonly<Partial<Record<K, string>>>

export interface DraftCheck<K extends string> {
  /** The change to send, or null while any field is invalid. */
  readonly patch: SettingsPatch | null
  readonly errors: FieldErrors<K>
}

export interface LimitsDraft {
  readonly memoryCharLimit: string
  readonly userCharLimit: string
  /** Empty = scale with the model's context window (null in config.json). */
  readonly contextFileMaxChars: string
  readonly recallK: string
}

export interface RetentionDraft {
  readonly idleMinutes: string
  readonly minChars: string
}

const LIMIT_MESSAGES: Readonly<Record<keyof LimitsDraft, string>> = {
  memoryCharLimit: 'Enter a whole number of characters, 1 or more.',
  userCharLimit: 'Enter a whole number of characters, 1 or more.',
  contextFileMaxChars:
    'Enter a whole number of characters, 1 or more — or leave it empty to scale with the model.',
  recallK: 'Enter a whole number from 0 to 50 (0 turns recall off).'
}

const IDLE_MESSAGE = 'Enter a whole number of minutes, 0 or more (0 = only when you end the session or quit).'
const MIN_CHARS_MESSAGE =
  'Enter a whole number of characters from 0 to 1,000,000 (0 = read every chat the model answered in).'

interface NumberSchema {
  safeParse(value: unknown): { readonly success: boolean }
}

const shape = EditableSettings.shape

/** The number typed, if it is one the schema accepts; blank and "1,000" are refused rather than guessed at. */
export function readNumber(text: string, schema: NumberSchema): number | undefined {
  const trimmed = text.trim()
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return schema.safeParse(value).success ? value : undefined
}

export function limitsDraftOf(settings: EditableSettings): LimitsDraft {
  return {
    memoryCharLimit: String(settings.memory.memoryCharLimit),
    userCharLimit: String(settings.memory.userCharLimit),
    contextFileMaxChars:
      settings.context_file_max_chars === null ? '' : String(settings.context_file_max_chars),
    recallK: String(settings.recall.k)
  }
}

export function checkLimits(draft: LimitsDraft): DraftCheck<keyof LimitsDraft> {
  const values = {
    memoryCharLimit: readNumber(draft.memoryCharLimit, shape.memory.shape.memoryCharLimit),
    userCharLimit: readNumber(draft.userCharLimit, shape.memory.shape.userCharLimit),
    contextFileMaxChars:
      draft.contextFileMaxChars.trim() === ''
        ? null
        : readNumber(draft.contextFileMaxChars, shape.context_file_max_chars),
    recallK: readNumber(draft.recallK, shape.recall.shape.k)
  }
  const errors = Object.fromEntries(
    (Object.keys(values) as (keyof LimitsDraft)[])
      .filter((key) => values[key] === undefined)
      .map((key) => [key, LIMIT_MESSAGES[key]])
  )
  const { memoryCharLimit, userCharLimit, contextFileMaxChars, recallK } = values
  if (
    memoryCharLimit === undefined ||
    userCharLimit === undefined ||
    contextFileMaxChars === undefined ||
    recallK === undefined
  )
    return { patch: null, errors }
  return {
    patch: {
      memory: { memoryCharLimit, userCharLimit },
      context_file_max_chars: contextFileMaxChars,
      recall: { k: recallK }
    },
    errors
  }
}

export function retentionDraftOf(settings: EditableSettings): RetentionDraft {
  return {
    idleMinutes: String(settings.retention.idleMinutes),
    minChars: String(settings.retention.minChars)
  }
}

export function checkRetention(draft: RetentionDraft): DraftCheck<keyof RetentionDraft> {
  const idleMinutes = readNumber(draft.idleMinutes, shape.retention.shape.idleMinutes)
  const minChars = readNumber(draft.minChars, shape.retention.shape.minChars)
  const errors = {
    ...(idleMinutes === undefined ? { idleMinutes: IDLE_MESSAGE } : {}),
    ...(minChars === undefined ? { minChars: MIN_CHARS_MESSAGE } : {})
  }
  return idleMinutes === undefined || minChars === undefined
    ? { patch: null, errors }
    : { patch: { retention: { idleMinutes, minChars } }, errors: {} }
}
