import type { AgentId, ChatFinished, EventPayload, SessionId } from '../../shared/contract'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { Transcripts } from '../ports/transcripts'
import type { NexusCheckpoints } from './nexusSessionHooks'

/**
 * Working checkpoints without coupling the chat engine to the Nexus: this listens to the events
 * the engine already emits. Every finished tool call counts towards a checkpoint every K calls
 * of one turn (labelled with the user's request of that turn), and a turn that ended with a
 * compression leaves a checkpoint carrying the compression summary. Returns the unsubscribe.
 */
export function watchChatForCheckpoints(
  events: EventHub,
  transcripts: Pick<Transcripts, 'agentOf' | 'turnRequest' | 'latestCheckpoint'>,
  checkpoints: NexusCheckpoints,
  log: Logger
): () => void {
  const agentOf = (sessionId: SessionId): AgentId | undefined => transcripts.agentOf(sessionId)
  return events.subscribe((event, payload) => {
    try {
      if (event === 'chat.toolCall') onToolCall(payload)
      if (event === 'chat.finished' && payload.compressed) onCompressed(payload)
    } catch (error) {
      // A checkpoint is a convenience; it must never break the turn that triggered it.
      log.warn(`a working checkpoint could not be written after ${event}`, { error })
    }
  })

  function onToolCall(call: EventPayload<'chat.toolCall'>): void {
    if (call.phase !== 'finished') return
    const agentId = agentOf(call.sessionId)
    if (!agentId) return
    const task = transcripts.turnRequest(call.sessionId, call.turnId)
    checkpoints.onToolCall({
      agentId,
      sessionId: call.sessionId,
      turnId: call.turnId,
      toolName: call.displayName || call.name,
      ...(task ? { task } : {})
    })
  }

  function onCompressed(finished: ChatFinished): void {
    const agentId = agentOf(finished.sessionId)
    if (!agentId) return
    const summary = transcripts.latestCheckpoint(finished.sessionId)
    checkpoints.onCompression({
      agentId,
      sessionId: finished.sessionId,
      summary: summary?.trim() || 'the earlier conversation was summarised'
    })
  }
}
