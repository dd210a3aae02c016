import type { AgentId, SessionId } from '../../shared/contract'
import type { NexusEntry } from '../../shared/contract/nexus'
import type { NexusLog } from './nexusLog'
import { oneLine } from './turnSummary'

/** What a successor needs to pick a long task up. */
export interface CheckpointContent {
  readonly goal: string
  readonly done: string
  readonly next: string
  readonly openQuestions?: string
}

/** Why the agent is asked to write a checkpoint in its next per-turn block. */
type Nudge = { readonly reason: 'tool-calls'; readonly calls: number } | { readonly reason: 'compression' }

interface SessionState {
  sinceCheckpoint: number
  nudge: Nudge | null
}

export function checkpointBody(content: CheckpointContent, note: string): string {
  return [
    `Goal: ${content.goal.trim()}`,
    `Done: ${content.done.trim() || 'nothing yet'}`,
    `Next: ${content.next.trim()}`,
    `Open questions: ${content.openQuestions?.trim() || 'none'}`,
    note
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/**
 * Working checkpoints for long tasks: goal, done, next and open questions, written by the model
 * through its `checkpoint` tool. Every N tool calls without one (and at compression) Hearth
 * writes one itself from what it saw, and the agent's next per-turn block asks it to keep its
 * own; the system prompt never changes for this, so the cache is untouched.
 */
export class NexusCheckpoints {
  private readonly sessions = new Map<SessionId, SessionState>()

  constructor(private readonly nexus: NexusLog) {}

  /** The model's own checkpoint (the `checkpoint` tool). */
  write(agentId: AgentId, sessionId: SessionId, content: CheckpointContent): NexusEntry {
    this.state(sessionId).sinceCheckpoint = 0
    this.state(sessionId).nudge = null
    return this.append(agentId, content, `Session ${sessionId}.`)
  }

  /** Counts a finished tool call; after N without a checkpoint, writes one and asks for the agent's own. */
  onToolCall(
    call: { agentId: AgentId; sessionId: SessionId },
    sofar: () => CheckpointContent
  ): NexusEntry | null {
    const state = this.state(call.sessionId)
    state.sinceCheckpoint++
    const every = this.nexus.settings().checkpointEvery
    if (state.sinceCheckpoint < every) return null
    state.sinceCheckpoint = 0
    state.nudge = { reason: 'tool-calls', calls: every }
    return this.append(
      call.agentId,
      sofar(),
      `Written by Hearth after ${every} tool calls without a checkpoint from the agent (session ${call.sessionId}).`
    )
  }

  /** At compression the summary the engine produced is the best record there is. */
  onCompression(event: {
    agentId: AgentId
    sessionId: SessionId
    goal: string
    summary: string
  }): NexusEntry {
    const state = this.state(event.sessionId)
    state.sinceCheckpoint = 0
    state.nudge = { reason: 'compression' }
    return this.append(
      event.agentId,
      { goal: event.goal, done: event.summary, next: 'continue from the summary above' },
      `Written by Hearth when session ${event.sessionId} was compressed.`
    )
  }

  /** The line the per-turn block carries when the agent should write its own checkpoint; null otherwise. */
  nudgeFor(sessionId: SessionId): string | null {
    const nudge = this.sessions.get(sessionId)?.nudge
    if (!nudge) return null
    const why =
      nudge.reason === 'compression'
        ? 'this conversation was just compressed'
        : `${nudge.calls} tool calls went by without one, so Hearth wrote one for you`
    return `Checkpoint: ${why}. While this task runs, call checkpoint (goal, done, next, open questions) every ${this.nexus.settings().checkpointEvery} tool calls or so, so a successor can pick it up.`
  }

  /** Forgets a session (it ended). */
  forget(sessionId: SessionId): void {
    this.sessions.delete(sessionId)
  }

  private state(sessionId: SessionId): SessionState {
    let state = this.sessions.get(sessionId)
    if (!state) {
      state = { sinceCheckpoint: 0, nudge: null }
      this.sessions.set(sessionId, state)
    }
    return state
  }

  private append(agentId: AgentId, content: CheckpointContent, note: string): NexusEntry {
    return this.nexus.post({
      agent: agentId,
      type: 'checkpoint',
      summary: oneLine(`Checkpoint: ${content.goal}`),
      body: checkpointBody(content, note)
    }).entry
  }
}
