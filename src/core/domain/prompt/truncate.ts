/** The per-file cap when neither config nor the model's context window says otherwise. */
export const DEFAULT_FILE_CAP = 20_000
const MAX_FILE_CAP = 500_000
const HEAD_SHARE = 0.7
const TAIL_SHARE = 0.2

/**
 * Characters one context file may take: config `context_file_max_chars` wins, else 6% of the
 * model's context window at ~4 chars per token, kept between 20,000 and 500,000 characters.
 */
export function fileCharCap(
  configured: number | null | undefined,
  contextWindow: number | null | undefined
): number {
  if (configured !== null && configured !== undefined && configured > 0) return Math.floor(configured)
  if (contextWindow === null || contextWindow === undefined || contextWindow <= 0) return DEFAULT_FILE_CAP
  return Math.max(DEFAULT_FILE_CAP, Math.min(Math.floor(contextWindow * 4 * 0.06), MAX_FILE_CAP))
}

export interface Truncation {
  readonly text: string
  readonly truncated: boolean
  /** Original length in characters. */
  readonly total: number
  readonly head: number
  readonly tail: number
  readonly cap: number
  /** The user-facing warning, or null when nothing was cut. */
  readonly warning: string | null
}

/**
 * Keeps the first 70% and the last 20% of the cap with a marker between, so both the opening
 * rules and the closing notes of an oversized file survive, and the model knows where to read
 * the rest.
 */
export function truncateText(text: string, label: string, cap: number, readPath: string | null): Truncation {
  if (text.length <= cap)
    return { text, truncated: false, total: text.length, head: text.length, tail: 0, cap, warning: null }
  const head = Math.floor(cap * HEAD_SHARE)
  const tail = Math.floor(cap * TAIL_SHARE)
  const marker =
    `\n\n[...truncated ${label}: kept ${head}+${tail} of ${text.length} chars. The middle was left out to fit the prompt; ` +
    `read the whole file at ${readPath ?? label} if you need it.]\n\n`
  return {
    text: text.slice(0, head) + marker + (tail > 0 ? text.slice(text.length - tail) : ''),
    truncated: true,
    total: text.length,
    head,
    tail,
    cap,
    warning: `${label} was truncated: ${text.length} chars is over the limit of ${cap}. Shorten the file, raise context_file_max_chars in config.json, or use a model with a larger context window.`
  }
}
