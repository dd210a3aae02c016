import type Database from 'better-sqlite3'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { NexusCheckpoints } from './nexusSessionHooks'

interface ToolCallEvent {
  readonly sessionId?: string
  readonly turnId?: string
  readonly displayName?: string
  readonly name?: string
  readonly phase?: string
}

interface FinishedEvent {
  readonly sessionId?: string
  readonly compressed?: boolean
}

/** Reads from the chat feature's tables; any failure (no table, other shape) means "unknown". */
function query<T>(db: Database.Database, sql: string, ...params: unknown[]): T | undefined {
  try {
    return db.prepare(sql).get(...params) as T | undefined
  } catch {
    return undefined
  }
}

/**
 * Working checkpoints without coupling the chat engine to the Nexus: this listens to the events
 * the engine already emits. Every finished tool call counts towards a checkpoint every K calls
 * of one turn (labelled with the user's request of that turn), and a turn that ended with a
 * compression leaves a checkpoint carrying the compression summary. Returns the unsubscribe.
 */
export function watchChatForCheckpoints(
  events: EventHub,
  db: Database.Database,
  checkpoints: NexusCheckpoints,
  log: Logger
): () => void {
  const agentOf = (sessionId: string): string | undefined =>
    query<{ agent_id: string }>(db, 'SELECT agent_id FROM sessions WHERE id = ?', sessionId)?.agent_id
  return events.subscribe((event, payload) => {
    try {
      if (event === 'chat.toolCall') onToolCall(payload as ToolCallEvent)
      if (event === 'chat.finished' && (payload as FinishedEvent).compressed === true)
        onCompressed(payload as FinishedEvent)
    } catch (error) {
      // A checkpoint is a convenience; it must never break the turn that triggered it.
      log.warn(`a working checkpoint could not be written after ${event}`, { error })
    }
  })

  function onToolCall(call: ToolCallEvent): void {
    if (call.phase !== 'finished' || !call.sessionId || !call.turnId) return
    const agentId = agentOf(call.sessionId)
    if (!agentId) return
    const task = query<{ search_text: string }>(
      db,
      "SELECT search_text FROM messages WHERE session_id = ? AND turn_id = ? AND role = 'user' AND kind = 'text' ORDER BY id LIMIT 1",
      call.sessionId,
      call.turnId
    )?.search_text
    checkpoints.onToolCall({
      agentId,
      sessionId: call.sessionId,
      turnId: call.turnId,
      toolName: call.displayName ?? call.name ?? 'tool',
      ...(task ? { task } : {})
    })
  }

  function onCompressed(finished: FinishedEvent): void {
    if (!finished.sessionId) return
    const agentId = agentOf(finished.sessionId)
    if (!agentId) return
    const summary = query<{ search_text: string }>(
      db,
      "SELECT search_text FROM messages WHERE session_id = ? AND kind = 'checkpoint' ORDER BY id DESC LIMIT 1",
      finished.sessionId
    )?.search_text
    checkpoints.onCompression({
      agentId,
      sessionId: finished.sessionId,
      summary: summary?.trim() || 'the earlier conversation was summarised'
    })
  }
}
