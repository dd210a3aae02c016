import type { AgentId, SessionId, TurnId } from '../../shared/contract'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { Transcripts } from '../ports/transcripts'
import type { NexusCheckpoints } from './nexusSessionHooks'

interface ToolCallEvent {
  readonly sessionId?: SessionId
  readonly turnId?: TurnId
  readonly displayName?: string
  readonly name?: string
  readonly phase?: string
}

interface FinishedEvent {
  readonly sessionId?: SessionId
  readonly compressed?: boolean
}

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
    const task = transcripts.turnRequest(call.sessionId, call.turnId)
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
    const summary = transcripts.latestCheckpoint(finished.sessionId)
    checkpoints.onCompression({
      agentId,
      sessionId: finished.sessionId,
      summary: summary?.trim() || 'the earlier conversation was summarised'
    })
  }
}
