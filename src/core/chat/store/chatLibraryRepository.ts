import type { AgentId, SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readRow } from '../../node/db/rowReader'
import type { SessionPurgeStep } from '../../ports/sessionPurge'

/** A chat whose title matched a search, before the message hits are merged in. */
export interface TitleMatch {
  readonly sessionId: SessionId
  readonly agentId: AgentId
  readonly title: string
  readonly updatedAtMs: number
}

/**
 * The SQL of chat management on the session rows: names, pins, the trash and finding a chat by
 * its title. Each change is one statement, so a crash leaves a chat either as it was or as asked;
 * deleting one for good is chat's `purgeStep`, run in one transaction with the other features'.
 */
export class ChatLibraryRepository {
  constructor(private readonly db: Db) {}

  /** The user's name for the chat: it wins over every title written after it. */
  rename(sessionId: SessionId, title: string): void {
    this.db.prepare("UPDATE sessions SET title = ?, title_source = 'user' WHERE id = ?").run(title, sessionId)
  }

  /**
   * A title generated after the first exchange. It only replaces the first message's cut-off
   * text: a chat the user named (even while the title was being generated) keeps its name.
   */
  setGeneratedTitle(sessionId: SessionId, title: string): boolean {
    const result = this.db
      .prepare(
        "UPDATE sessions SET title = ?, title_source = 'generated' WHERE id = ? AND title_source = 'first-message'"
      )
      .run(title, sessionId)
    return result.changes === 1
  }

  setPinned(sessionId: SessionId, pinnedAtMs: number | null): void {
    this.db.prepare('UPDATE sessions SET pinned_at = ? WHERE id = ?').run(pinnedAtMs, sessionId)
  }

  setDeleted(sessionId: SessionId, deletedAtMs: number | null): void {
    this.db.prepare('UPDATE sessions SET deleted_at = ? WHERE id = ?').run(deletedAtMs, sessionId)
  }

  /** Ids of the chats in the trash, most recently deleted first. */
  trashIds(agentId: AgentId | undefined): SessionId[] {
    const sql = `SELECT id FROM sessions WHERE deleted_at IS NOT NULL ${agentId ? 'AND agent_id = ?' : ''}
      ORDER BY deleted_at DESC, id`
    const rows = this.db.prepare(sql).all(...(agentId ? [agentId] : []))
    return rows.map((row) => readRow(row, 'sessions').sessionId('id'))
  }

  /**
   * Live chats whose title contains every word of the query (case-insensitive), newest first.
   * `byName[i]` are the agents whose name holds word i: a word may match the agent's name
   * instead of the title ("coder parser" finds Coder's chat about a parser).
   */
  titleMatches(
    words: readonly string[],
    options: { agentId?: AgentId; limit: number },
    byName: readonly (readonly AgentId[])[] = []
  ): TitleMatch[] {
    if (words.length === 0) return []
    const parameters: unknown[] = []
    const conditions = words.map((word, i) => {
      const agents = byName[i] ?? []
      parameters.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, ...agents)
      const named = agents.length > 0 ? ` OR agent_id IN (${agents.map(() => '?').join(', ')})` : ''
      return `(title LIKE ? ESCAPE '\\'${named})`
    })
    const sql = `SELECT id, agent_id, title, updated_at FROM sessions
      WHERE deleted_at IS NULL AND ${conditions.join(' AND ')} ${options.agentId ? 'AND agent_id = ?' : ''}
      ORDER BY updated_at DESC, id LIMIT ?`
    parameters.push(...(options.agentId ? [options.agentId] : []), options.limit)
    return this.db
      .prepare(sql)
      .all(...parameters)
      .map((row) => {
        const read = readRow(row, 'sessions')
        return {
          sessionId: read.sessionId('id'),
          agentId: read.agentId('agent_id'),
          title: read.text('title'),
          updatedAtMs: read.int('updated_at')
        }
      })
  }

  /**
   * Chat's step of deleting a chat for good: its session-end work, then the row. Its messages,
   * calls, prompt versions and turn versions go with the row (foreign keys cascade; the FTS
   * triggers drop the index entries).
   */
  purgeStep(): SessionPurgeStep {
    return {
      id: 'chat',
      forgetSession: (sessionId) => {
        this.db.prepare('DELETE FROM session_end_work WHERE session_id = ?').run(sessionId)
        this.db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId)
      }
    }
  }
}
