import type { AgentId, SessionId, TurnId } from '../../shared/contract'
import { NEXUS_SUMMARY_MAX, type NexusEntry } from '../../shared/contract/nexus'
import type { Transcripts } from '../ports/transcripts'
import type { SessionEndHook } from '../ports/turnContext'
import type { NexusLog } from './nexusLog'

/** One line of at most `max` characters. */
export function oneLine(text: string, max = NEXUS_SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

/**
 * Write after: when a session ends (explicit end, idle timeout, quit) the agent's colleagues get
 * one `turn` entry saying what was done: the session's title and last reply, plus the decisions
 * it posted meanwhile. Running twice for the same session appends nothing the second time.
 */
export class NexusSessionEndHook implements SessionEndHook {
  readonly id = 'nexus'

  constructor(
    private readonly nexus: NexusLog,
    private readonly transcripts: Pick<Transcripts, 'outline'>
  ) {}

  async run(session: {
    readonly sessionId: SessionId
    readonly agentId: AgentId
  }): Promise<NexusEntry | null> {
    const marker = `Session ${session.sessionId} ended.`
    const previous = this.nexus.repository.list({
      agent: session.agentId,
      type: 'turn',
      search: marker,
      limit: 1
    })
    if (previous.total > 0) return null
    const facts = this.transcripts.outline(session.sessionId)
    if (facts && facts.userTurns === 0) return null
    const decisions = facts
      ? this.nexus.repository
          .list({ agent: session.agentId, type: 'decision', limit: 20 })
          .entries.filter((entry) => entry.ts >= facts.startedAtMs)
      : []
    const what = facts?.lastReply ? facts.lastReply : 'no reply text recorded'
    const summary = facts?.title ? `Session ended: ${facts.title}` : `Session ended: ${what}`
    const body = [
      marker,
      facts ? `${facts.userTurns} user turn${facts.userTurns === 1 ? '' : 's'}.` : '',
      facts?.lastReply ? `Last reply: ${oneLine(facts.lastReply, 1500)}` : '',
      decisions.length > 0
        ? `Decisions: ${decisions.map((entry) => `#${entry.seq} ${entry.summary}`).join('; ')}`
        : ''
    ].filter((line) => line !== '')
    return this.nexus.post({
      agent: session.agentId,
      type: 'turn',
      summary: oneLine(summary),
      body: body.join('\n'),
      refs: decisions.map((entry) => entry.seq)
    }).entry
  }
}

/** Tool calls between two automatic checkpoints in one long turn. */
export const CHECKPOINT_EVERY_TOOL_CALLS = 8

/**
 * Working checkpoints for long tasks. The chat engine calls `onToolCall` after every tool call
 * (a checkpoint is appended every K calls within one turn) and `onCompression` when it
 * compresses a session; an agent's latest checkpoint is injected when it resumes.
 */
export class NexusCheckpoints {
  private readonly turns = new Map<string, { turnId: TurnId; calls: string[] }>()

  constructor(
    private readonly nexus: NexusLog,
    private readonly every = CHECKPOINT_EVERY_TOOL_CALLS
  ) {}

  /** `task` is the user's request for this turn, used to say what the checkpoint is about. */
  onToolCall(call: {
    agentId: AgentId
    sessionId: SessionId
    turnId: TurnId
    toolName: string
    task?: string
  }): NexusEntry | null {
    const current = this.turns.get(call.sessionId)
    const turn = current && current.turnId === call.turnId ? current : { turnId: call.turnId, calls: [] }
    turn.calls.push(call.toolName)
    this.turns.set(call.sessionId, turn)
    if (turn.calls.length % this.every !== 0) return null
    const recent = turn.calls.slice(-this.every).join(', ')
    return this.append(
      call.agentId,
      `Checkpoint after ${turn.calls.length} tool calls${call.task ? `: ${call.task}` : ''}`,
      `Session ${call.sessionId}, turn ${call.turnId}.\nRecent tools: ${recent}`
    )
  }

  /** At compression the summary the engine produced is the best checkpoint there is. */
  onCompression(event: { agentId: AgentId; sessionId: SessionId; summary: string }): NexusEntry {
    return this.append(
      event.agentId,
      `Checkpoint at compression: ${event.summary}`,
      `Session ${event.sessionId} was compressed.\n\n${event.summary}`
    )
  }

  append(agentId: AgentId, summary: string, body: string): NexusEntry {
    return this.nexus.post({ agent: agentId, type: 'checkpoint', summary: oneLine(summary), body }).entry
  }
}
