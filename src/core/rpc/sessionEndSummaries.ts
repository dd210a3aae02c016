import type { AgentId, SessionId } from '../../shared/contract'
import type { SessionEndSummary } from '../../shared/contract/review'
import type { CoreServices } from '../coreServices'

const DEFAULT_LIMIT = 20

/**
 * The latest session ends as Review tells them: how each ended (chat's record) beside what
 * retention made of it and what of that still waits (memory's record). With `sessionId`, that
 * one session (none while it is open).
 */
export function sessionEndSummaries(
  services: CoreServices,
  filter: { agentId?: AgentId | undefined; sessionId?: SessionId | undefined; limit?: number | undefined }
): SessionEndSummary[] {
  const ends =
    filter.sessionId === undefined
      ? services.sessions.ends.recentEnds(filter.agentId ?? null, filter.limit ?? DEFAULT_LIMIT)
      : [services.sessions.ends.endOf(filter.sessionId)].flatMap((end) => (end === null ? [] : [end]))
  const runs = services.memory.retentionRuns(ends.map(({ session }) => session.id))
  return ends.map(({ session, note }) => ({
    sessionId: session.id,
    agentId: session.agentId,
    title: session.title,
    endedAtMs: session.endedAtMs ?? 0,
    reason: note.reason,
    skipped: note.skipped,
    retention: runs.get(session.id) ?? null,
    pending: services.memory.pendingCount(session.id)
  }))
}
