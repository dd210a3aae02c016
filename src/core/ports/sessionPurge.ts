import type { SessionId } from '../../shared/contract'

/**
 * One feature's part of deleting a chat for good: forget what it keeps about that session. Every
 * step runs inside the one database transaction that also deletes the session row, so a step is
 * synchronous and writes only to the home's database; a step that throws rolls the whole delete
 * back, and a crash leaves the chat either whole or gone, never half-deleted.
 */
export interface SessionPurgeStep {
  /** The feature the step belongs to ('memory', 'chat'); a core takes each id once. */
  readonly id: string
  forgetSession(sessionId: SessionId): void
}
