import type { AgentId, EventPayload, MessageId, SessionId, TurnId } from '../../shared/contract'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { Transcripts } from '../ports/transcripts'
import type { NexusCheckpoints } from './nexusCheckpoints'
import type { NexusTurnEntries } from './nexusTurnEntries'
import { oneLine, toolGist, type TurnToolCall } from './turnSummary'

type DeltaEvent = EventPayload<'chat.delta'>
type ToolCallEvent = EventPayload<'chat.toolCall'>
type FinishedEvent = EventPayload<'chat.finished'>
type FailedEvent = EventPayload<'chat.failed'>

/** What one running turn has done so far, as the events told it. */
interface TurnActivity {
  readonly agentId: AgentId
  readonly turnId: TurnId
  readonly calls: TurnToolCall[]
  /** The reply text being streamed (the latest message's), for "next" in an automatic checkpoint. */
  text: string
  messageId: MessageId | null
  modelEntry: number | null
  readonly posted: number[]
}

export interface ChatWatchTargets {
  readonly checkpoints: NexusCheckpoints
  readonly turnEntries: NexusTurnEntries
}

/**
 * What the model posts that says what its turn did: the closing `turn` line, or the decision,
 * handoff, resolution or state it recorded. Acks and checkpoints are bookkeeping, not a summary.
 */
const STANDS_FOR_TURN = new Set(['turn', 'decision', 'handoff', 'resolution', 'state'])

/** The entry type a `nexus_post` call asked for, when its input names one. */
function postedType(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || !('type' in input)) return null
  return typeof input.type === 'string' ? input.type : null
}

/** The seq a Nexus tool reported in its result (`{"seq":12,…}`), if it reported one. */
function postedSeq(result: string | null): number | null {
  const match = /"seq":\s*(\d+)/.exec(result ?? '')
  return match ? Number(match[1]) : null
}

/**
 * Turns and checkpoints without coupling the chat engine to the Nexus: this listens to the
 * events the engine already emits. Tool calls count towards checkpoints; what the model posts is
 * noted (its own closing entry stands for the turn); when a turn finishes its entry is written
 * (or not, per the setting) and a compression leaves a checkpoint. Returns the unsubscribe.
 */
export function watchChatTurns(
  events: EventHub,
  transcripts: Pick<Transcripts, 'agentOf' | 'turnRequest' | 'latestCheckpoint'>,
  targets: ChatWatchTargets,
  log: Logger
): () => void {
  const turns = new Map<SessionId, TurnActivity>()
  const activity = (sessionId: SessionId, turnId: TurnId): TurnActivity | undefined => {
    const current = turns.get(sessionId)
    if (current?.turnId === turnId) return current
    const agentId = transcripts.agentOf(sessionId)
    if (!agentId) return undefined
    const fresh: TurnActivity = {
      agentId,
      turnId,
      calls: [],
      text: '',
      messageId: null,
      modelEntry: null,
      posted: []
    }
    turns.set(sessionId, fresh)
    return fresh
  }
  const request = (sessionId: SessionId, turnId: TurnId): string =>
    transcripts.turnRequest(sessionId, turnId) ?? ''

  function onDelta(delta: DeltaEvent): void {
    const turn = activity(delta.sessionId, delta.turnId)
    if (!turn) return
    if (delta.messageId !== turn.messageId) {
      turn.messageId = delta.messageId
      turn.text = ''
    }
    turn.text = (turn.text + delta.text).slice(-2000)
  }

  function onToolCall(call: ToolCallEvent): void {
    if (call.phase !== 'finished') return
    const turn = activity(call.sessionId, call.turnId)
    if (!turn) return
    const name = call.displayName || call.name
    const ok = call.ok === true
    turn.calls.push({ name, input: call.input, ok })
    const seq = ok ? postedSeq(call.result) : null
    const type = postedType(call.input)
    if (seq !== null && name === 'nexus_post' && type !== null && STANDS_FOR_TURN.has(type))
      turn.modelEntry ??= seq
    else if (seq !== null && (name === 'nexus_post' || name === 'ack')) turn.posted.push(seq)
    if (name === 'checkpoint') return
    const sessionId = call.sessionId
    const turnId = call.turnId
    targets.checkpoints.onToolCall({ agentId: turn.agentId, sessionId }, () => ({
      goal: oneLine(request(sessionId, turnId), 160) || 'the current task',
      done: toolGist(turn.calls),
      next: turn.text.trim() ? `the agent last wrote: ${oneLine(turn.text, 400)}` : 'not stated'
    }))
  }

  function onFinished(finished: FinishedEvent): void {
    const turn = activity(finished.sessionId, finished.turnId)
    turns.delete(finished.sessionId)
    if (!turn) return
    const asked = request(finished.sessionId, finished.turnId)
    targets.turnEntries.onFinished({
      agentId: turn.agentId,
      sessionId: finished.sessionId,
      turnId: finished.turnId,
      request: asked,
      reply: finished.text,
      tools: turn.calls,
      ...(finished.stopReason ? { stopReason: finished.stopReason } : {}),
      modelEntry: turn.modelEntry,
      posted: turn.posted
    })
    if (finished.compressed)
      targets.checkpoints.onCompression({
        agentId: turn.agentId,
        sessionId: finished.sessionId,
        goal: oneLine(asked, 160) || 'the current task',
        summary:
          transcripts.latestCheckpoint(finished.sessionId)?.trim() ||
          'the earlier conversation was summarised'
      })
  }

  /**
   * A turn the API broke off mid-way may already have changed something (a memory write, the
   * project state, a side-effecting tool): colleagues learn that, and that it failed, from its entry.
   */
  function onFailed(failed: FailedEvent): void {
    const turn = turns.get(failed.sessionId)
    turns.delete(failed.sessionId)
    if (turn?.turnId !== failed.turnId) return
    targets.turnEntries.onFinished({
      agentId: turn.agentId,
      sessionId: failed.sessionId,
      turnId: failed.turnId,
      request: request(failed.sessionId, failed.turnId),
      reply: turn.text,
      tools: turn.calls,
      failure: failed.message,
      modelEntry: turn.modelEntry,
      posted: turn.posted
    })
  }

  return events.subscribe((...args) => {
    const [event, payload] = args
    try {
      if (event === 'chat.delta') onDelta(payload)
      else if (event === 'chat.toolCall') onToolCall(payload)
      else if (event === 'chat.finished') onFinished(payload)
      else if (event === 'chat.failed') onFailed(payload)
    } catch (error) {
      // The Nexus's bookkeeping must never break the turn that triggered it.
      log.warn(`the Nexus could not record ${event}`, { error })
    }
  })
}
