import type { SessionId, TurnId } from '../../../shared/contract'
import { HearthError } from '../../errors'
import type { EventHub } from '../../events'
import { TurnStopped } from './chatErrors'
import { sumUsage, type TurnFailure } from './turnRunner'

/**
 * How a turn that did not finish normally is announced: a Stop is a finished turn with what
 * arrived (stop reason "stopped"); anything else is chat.failed with its code and sentence.
 */
export function announceFailure(
  events: EventHub,
  sessionId: SessionId,
  turnId: TurnId,
  failure: TurnFailure
): void {
  if (failure.cause instanceof TurnStopped) {
    const calls = failure.progress.calls
    events.emit('chat.finished', {
      sessionId,
      turnId,
      text: failure.progress.texts.join('\n\n'),
      stopReason: 'stopped',
      usage: sumUsage(calls),
      costUsd: calls.reduce((s, c) => s + c.costUsd, 0),
      calls: [...calls],
      compressed: failure.progress.compressed
    })
    return
  }
  const code = failure.cause instanceof HearthError ? failure.cause.code : 'internal'
  events.emit('chat.failed', {
    sessionId,
    turnId,
    code,
    message: failure.message,
    partialKept: failure.partialKept
  })
}
