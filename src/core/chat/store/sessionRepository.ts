import { writeTransaction } from '../../node/db/writeTransaction'
import type { AgentId, SessionId } from '../../../shared/contract'
import { readOptionalRow, readRows } from '../../node/db/rowReader'
import type { CallUsage, PromptReport, SessionRecord } from '../chatTypes'
import { MessageRepository } from './messageRepository'
import { readSessionPage, type SessionPage, type SessionPageQuery } from './sessionPage'
import { sessionFromRow } from './sessionRows'

export type { NewMessage } from './messageRepository'
export type { WriterStamp } from './streamingWriters'

/** What opening a session takes: the frozen parts of a `SessionRecord` (version, title and totals start fresh). */
export type NewSession = Pick<
  SessionRecord,
  | 'id'
  | 'agentId'
  | 'cwd'
  | 'model'
  | 'provider'
  | 'platform'
  | 'systemPrompt'
  | 'promptReport'
  | 'tools'
  | 'toolsHash'
> & {
  readonly nowMs: number
}

export interface SessionListFilter {
  readonly agentId?: AgentId
  readonly limit: number
}

/**
 * All SQL about sessions: the session rows (their frozen prompt and its versions, title,
 * totals) here, and their transcript in the `MessageRepository` this extends, so a feature holds
 * one object for a session and everything in it.
 */
export class SessionRepository extends MessageRepository {
  createSession(session: NewSession): SessionRecord {
    writeTransaction(this.db, () => {
      this.statement(
        `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ).run(
        session.id,
        session.agentId,
        session.cwd,
        session.model,
        session.provider,
        session.platform,
        session.systemPrompt,
        JSON.stringify(session.promptReport),
        JSON.stringify(session.tools),
        session.toolsHash,
        session.nowMs,
        session.nowMs
      )
      this.insertPromptVersion(
        session.id,
        1,
        session.systemPrompt,
        session.promptReport,
        'new',
        session.nowMs
      )
    })()
    return this.getSession(session.id) as SessionRecord
  }

  getSession(id: SessionId): SessionRecord | undefined {
    const row = this.statement('SELECT * FROM sessions WHERE id = ?').get(id)
    return readOptionalRow(row, 'sessions', sessionFromRow)
  }

  /** The first `limit` live chats in the list's order (chats in the trash are listed only by the trash). */
  listSessions(filter: SessionListFilter): SessionRecord[] {
    return this.sessionPage(filter).rows
  }

  /** A page of live chats in the list's order, from a cursor, with how many there are in all. */
  sessionPage(query: SessionPageQuery): SessionPage {
    return readSessionPage(this.db, query)
  }

  /** Sessions that have not ended and are not in the trash (of one agent, or of all), newest first. */
  openSessions(agentId: AgentId | null, limit: number): SessionRecord[] {
    const open = 'ended_at IS NULL AND deleted_at IS NULL'
    const order = 'ORDER BY updated_at DESC, id LIMIT ?'
    const rows =
      agentId === null
        ? this.statement(`SELECT * FROM sessions WHERE ${open} ${order}`).all(limit)
        : this.statement(`SELECT * FROM sessions WHERE ${open} AND agent_id = ? ${order}`).all(agentId, limit)
    return readRows(rows, 'sessions', sessionFromRow)
  }

  /**
   * Open sessions whose one and only turn was cut by a process that died: a reply or a model
   * call marked interrupted, nothing streaming now.
   * Quitting or a crash in the first turn left them with no end the quitting process could run.
   * Read from the interrupted rows (indexes of migration 0063), so every start costs what was
   * ever cut, not a count of the turns of every open chat.
   */
  cutInFirstTurn(): SessionId[] {
    const rows = this.statement(
      `SELECT s.id AS id FROM sessions s
         WHERE s.id IN (SELECT session_id FROM messages WHERE status = 'interrupted'
                        UNION SELECT session_id FROM api_calls WHERE status = 'interrupted')
           AND s.ended_at IS NULL AND s.deleted_at IS NULL
           AND (SELECT COUNT(DISTINCT m.turn_id) FROM messages m WHERE m.session_id = s.id) = 1
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.session_id = s.id AND m.status = 'streaming')
           AND NOT EXISTS (SELECT 1 FROM api_calls c WHERE c.session_id = s.id AND c.status = 'streaming')
         ORDER BY s.started_at`
    ).all()
    return readRows(rows, 'sessions', (row) => row.sessionId('id'))
  }

  /** Sessions that ended and are not in the trash (of one agent, or of all), the latest end first. */
  endedSessions(agentId: AgentId | null, limit: number): SessionRecord[] {
    const ended = 'ended_at IS NOT NULL AND deleted_at IS NULL'
    const order = 'ORDER BY ended_at DESC, id LIMIT ?'
    const rows =
      agentId === null
        ? this.statement(`SELECT * FROM sessions WHERE ${ended} ${order}`).all(limit)
        : this.statement(`SELECT * FROM sessions WHERE ${ended} AND agent_id = ? ${order}`).all(
            agentId,
            limit
          )
    return readRows(rows, 'sessions', sessionFromRow)
  }

  /** Replaces the frozen prompt (model switch, compression, explicit rebuild) and keeps the old version. */
  replacePrompt(
    sessionId: SessionId,
    change: { text: string; report: PromptReport; model: string; reason: string; nowMs: number }
  ): SessionRecord {
    writeTransaction(this.db, () => {
      const current = this.getSession(sessionId) as SessionRecord
      const version = current.promptVersion + 1
      this.insertPromptVersion(sessionId, version, change.text, change.report, change.reason, change.nowMs)
      this.statement(
        'UPDATE sessions SET system_prompt = ?, prompt_report = ?, prompt_version = ?, model = ?, updated_at = ? WHERE id = ?'
      ).run(change.text, JSON.stringify(change.report), version, change.model, change.nowMs, sessionId)
    })()
    return this.getSession(sessionId) as SessionRecord
  }

  promptVersion(
    sessionId: SessionId,
    version: number
  ): { text: string; report: PromptReport; reason: string } | undefined {
    const row = this.statement(
      'SELECT text, report, reason FROM session_prompts WHERE session_id = ? AND version = ?'
    ).get(sessionId, version)
    return readOptionalRow(row, 'session_prompts', (read) => ({
      text: read.text('text'),
      report: read.json('report') as PromptReport,
      reason: read.text('reason')
    }))
  }

  setProvider(sessionId: SessionId, provider: string): void {
    this.statement('UPDATE sessions SET provider = ? WHERE id = ?').run(provider, sessionId)
  }

  setTitle(sessionId: SessionId, title: string): void {
    this.statement("UPDATE sessions SET title = ? WHERE id = ? AND title = ''").run(title, sessionId)
  }

  endSession(sessionId: SessionId, nowMs: number): void {
    this.statement('UPDATE sessions SET ended_at = ?, updated_at = ? WHERE id = ?').run(
      nowMs,
      nowMs,
      sessionId
    )
  }

  /** Adds one call's usage to the session counters. */
  addUsage(sessionId: SessionId, usage: CallUsage, costUsd: number, savedUsd: number, nowMs: number): void {
    this.statement(
      `UPDATE sessions SET input_tokens = input_tokens + ?, output_tokens = output_tokens + ?, cache_write_tokens = cache_write_tokens + ?,
           cache_read_tokens = cache_read_tokens + ?, cost_usd = cost_usd + ?, saved_usd = saved_usd + ?, updated_at = ? WHERE id = ?`
    ).run(
      usage.input_tokens,
      usage.output_tokens,
      usage.cache_creation_input_tokens,
      usage.cache_read_input_tokens,
      costUsd,
      savedUsd,
      nowMs,
      sessionId
    )
  }

  private insertPromptVersion(
    sessionId: SessionId,
    version: number,
    text: string,
    report: PromptReport,
    reason: string,
    nowMs: number
  ): void {
    this.statement(
      'INSERT INTO session_prompts (session_id, version, text, report, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)'
    ).run(sessionId, version, text, JSON.stringify(report), reason, nowMs)
  }
}
