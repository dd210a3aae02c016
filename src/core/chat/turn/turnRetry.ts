import type { MessageId, TurnId } from '../../../shared/contract'
import { conflict } from '../../errors'
import type { CallResult } from '../store/callRepository'
import type { StoredMessage } from '../chatTypes'

/** A failed last turn that Retry can run again, on the user message already stored. */
export interface FailedTurn {
  readonly turnId: TurnId
  readonly userMessageId: MessageId
  readonly userText: string
  /** 0-based position of the turn among the session's turns (turn-context providers use it). */
  readonly turnIndex: number
  /** Replies of the turn that broke off; a retry takes them out of the model's context (they stay stored). */
  readonly brokenReplyIds: readonly number[]
  /** Why it failed, as stored with the failed call or reply. */
  readonly error: string | null
}

const BROKEN: ReadonlySet<string> = new Set(['error', 'interrupted'])

function textOf(message: StoredMessage): string {
  return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n')
}

/**
 * The session's last turn, when it failed: its last API call ended in an error or was
 * interrupted (a stop by the user is not a failure), or no call ever started and no reply came.
 * Only the last turn counts: once the user moved on, an old failure is history.
 */
export function failedTurnOf(
  messages: readonly StoredMessage[],
  calls: readonly CallResult[],
  userTextsBefore = 0
): FailedTurn | null {
  const userMessages = messages.filter((m) => m.role === 'user' && m.kind === 'text')
  const user = userMessages.at(-1)
  if (user === undefined || messages.at(-1)?.turnId !== user.turnId) return null
  const turnMessages = messages.filter((m) => m.turnId === user.turnId)
  const lastCall = calls.filter((call) => call.turnId === user.turnId).at(-1)
  const replied = turnMessages.some((m) => m.kind === 'reply' && m.status === 'complete')
  const failed =
    lastCall === undefined ? !replied : lastCall.status === 'error' || lastCall.status === 'interrupted'
  if (!failed) return null
  const broken = turnMessages.filter((m) => m.kind === 'reply' && m.inContext && BROKEN.has(m.status))
  return {
    turnId: user.turnId,
    userMessageId: user.id,
    userText: textOf(user),
    turnIndex: userTextsBefore + userMessages.length - 1,
    brokenReplyIds: broken.map((m) => m.id),
    error: lastCall?.error ?? broken.at(-1)?.error ?? null
  }
}

/** The failed turn to retry, or a clear refusal saying why there is none. */
export function planRetry(messages: readonly StoredMessage[], calls: readonly CallResult[]): FailedTurn {
  const failed = failedTurnOf(messages, calls)
  if (failed === null)
    throw conflict(
      'The last turn of this session did not fail, so there is nothing to retry. (Regenerate makes a new version of a reply instead.)'
    )
  return failed
}
