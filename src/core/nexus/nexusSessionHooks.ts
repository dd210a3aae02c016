import type Database from 'better-sqlite3'
import { NEXUS_SUMMARY_MAX, type NexusEntry } from '../../shared/contract/nexus'
import type { SessionEndHook } from '../ports/turnContext'
import type { NexusLog } from './nexusLog'

/** What the session store can tell about a finished session; every field may be missing. */
interface SessionFacts {
  readonly title: string
  readonly startedAt: number
  readonly userTurns: number
  readonly lastReply: string
}

/** One line of at most `max` characters. */
export function oneLine(text: string, max = NEXUS_SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

/**
 * Reads the session from the chat feature's tables with plain SQL. The Nexus does not depend
 * on the chat code; if the tables are missing (or shaped differently) it falls back to null
 * and the hook writes a generic entry.
 */
function readSessionFacts(db: Database.Database, sessionId: string): SessionFacts | null {
  try {
    const session = db.prepare('SELECT title, started_at FROM sessions WHERE id = ?').get(sessionId) as
      { title: string; started_at: number } | undefined
    if (!session) return null
    const turns = db
      .prepare("SELECT COUNT(*) AS n FROM messages WHERE session_id = ? AND role = 'user' AND kind = 'text'")
      .get(sessionId) as { n: number }
    const reply = db
      .prepare(
        "SELECT search_text FROM messages WHERE session_id = ? AND role = 'assistant' AND search_text <> '' ORDER BY id DESC LIMIT 1"
      )
      .get(sessionId) as { search_text: string } | undefined
    return {
      title: session.title,
      startedAt: session.started_at,
      userTurns: turns.n,
      lastReply: reply?.search_text ?? ''
    }
  } catch {
    return null
  }
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
    private readonly db: Database.Database
  ) {}

  async run(session: { readonly sessionId: string; readonly agentId: string }): Promise<NexusEntry | null> {
    const marker = `Session ${session.sessionId} ended.`
    const previous = this.nexus.repository.list({
      agent: session.agentId,
      type: 'turn',
      search: marker,
      limit: 1
    })
    if (previous.total > 0) return null
    const facts = readSessionFacts(this.db, session.sessionId)
    if (facts && facts.userTurns === 0) return null
    const decisions = facts
      ? this.nexus.repository
          .list({ agent: session.agentId, type: 'decision', limit: 20 })
          .entries.filter((entry) => entry.ts >= facts.startedAt)
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
  private readonly turns = new Map<string, { turnId: string; calls: string[] }>()

  constructor(
    private readonly nexus: NexusLog,
    private readonly every = CHECKPOINT_EVERY_TOOL_CALLS
  ) {}

  /** `task` is the user's request for this turn, used to say what the checkpoint is about. */
  onToolCall(call: {
    agentId: string
    sessionId: string
    turnId: string
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
  onCompression(event: { agentId: string; sessionId: string; summary: string }): NexusEntry {
    return this.append(
      event.agentId,
      `Checkpoint at compression: ${event.summary}`,
      `Session ${event.sessionId} was compressed.\n\n${event.summary}`
    )
  }

  append(agentId: string, summary: string, body: string): NexusEntry {
    return this.nexus.post({ agent: agentId, type: 'checkpoint', summary: oneLine(summary), body }).entry
  }
}
