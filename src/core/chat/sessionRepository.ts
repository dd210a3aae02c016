import type { Db } from '../node/db/openDatabase'
import type {
  CallUsage,
  ContentBlock,
  MessageStatus,
  PromptReport,
  SessionRecord,
  StoredMessage
} from './chatTypes'
import { messageFromRow, searchTextOf, sessionFromRow, type MessageRow, type SessionRow } from './sessionRows'
import { messagesOnPath } from './turnPath'
import { TurnVersionRepository } from './turnVersionRepository'

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

/** A message to store: the caller's parts of a `StoredMessage`; the rest is filled in by the database and later updates. */
export type NewMessage = Pick<
  StoredMessage,
  'sessionId' | 'turnId' | 'role' | 'kind' | 'content' | 'status'
> & {
  readonly nowMs: number
  /** The writing process (pid and start time), for rows that are still `streaming`. */
  readonly writer?: WriterStamp
}

/** The process writing a `streaming` row: a pid alone may later belong to another process. */
export interface WriterStamp {
  readonly pid: number
  readonly startedAt: string | null
}

export interface SessionListFilter {
  readonly agentId?: string
  readonly limit: number
}

/** A `streaming` row's writer as stored. */
export interface WriterRow {
  readonly id: number
  readonly writer_pid: number | null
  readonly writer_started: string | null
}

const MESSAGE_COLUMNS =
  'id, session_id, turn_id, role, kind, content, status, error, in_context, usage, created_at'

/**
 * All SQL about sessions and their transcript. Statements are prepared once; every write is
 * its own small transaction so a crash at any point leaves every committed message readable.
 */
export class SessionRepository {
  /** The conversation tree: which versions each turn has and which path is chosen. */
  readonly versions: TurnVersionRepository
  private readonly insertMessageStatement
  private readonly updateContentStatement
  private readonly messagesStatement
  private readonly appendTransaction: (message: NewMessage) => { lastInsertRowid: number | bigint }

  constructor(private readonly db: Db) {
    this.versions = new TurnVersionRepository(db)
    this.appendTransaction = db.transaction((message: NewMessage) => this.insertMessage(message))
    this.insertMessageStatement = db.prepare(
      `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, writer_pid, writer_started, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    this.updateContentStatement = db.prepare(
      'UPDATE messages SET content = ?, search_text = ?, status = ?, error = ?, usage = ?, writer_pid = ?, writer_started = ?, updated_at = ? WHERE id = ?'
    )
    this.messagesStatement = db.prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE session_id = ? ORDER BY id`
    )
  }

  createSession(session: NewSession): SessionRecord {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
        )
        .run(
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

  getSession(id: string): SessionRecord | undefined {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined
    return row ? sessionFromRow(row) : undefined
  }

  listSessions(filter: SessionListFilter): SessionRecord[] {
    // Chats in the trash are listed only by the trash; pinned chats come first.
    const order = 'ORDER BY pinned_at IS NULL, pinned_at DESC, updated_at DESC, id LIMIT ?'
    const rows = (
      filter.agentId
        ? this.db
            .prepare(`SELECT * FROM sessions WHERE deleted_at IS NULL AND agent_id = ? ${order}`)
            .all(filter.agentId, filter.limit)
        : this.db.prepare(`SELECT * FROM sessions WHERE deleted_at IS NULL ${order}`).all(filter.limit)
    ) as SessionRow[]
    return rows.map(sessionFromRow)
  }

  /** Replaces the frozen prompt (model switch, compression, explicit rebuild) and keeps the old version. */
  replacePrompt(
    sessionId: string,
    change: { text: string; report: PromptReport; model: string; reason: string; nowMs: number }
  ): SessionRecord {
    this.db.transaction(() => {
      const current = this.getSession(sessionId) as SessionRecord
      const version = current.promptVersion + 1
      this.insertPromptVersion(sessionId, version, change.text, change.report, change.reason, change.nowMs)
      this.db
        .prepare(
          'UPDATE sessions SET system_prompt = ?, prompt_report = ?, prompt_version = ?, model = ?, updated_at = ? WHERE id = ?'
        )
        .run(change.text, JSON.stringify(change.report), version, change.model, change.nowMs, sessionId)
    })()
    return this.getSession(sessionId) as SessionRecord
  }

  promptVersion(
    sessionId: string,
    version: number
  ): { text: string; report: PromptReport; reason: string } | undefined {
    const row = this.db
      .prepare('SELECT text, report, reason FROM session_prompts WHERE session_id = ? AND version = ?')
      .get(sessionId, version) as { text: string; report: string; reason: string } | undefined
    return row
      ? { text: row.text, report: JSON.parse(row.report) as PromptReport, reason: row.reason }
      : undefined
  }

  setProvider(sessionId: string, provider: string): void {
    this.db.prepare('UPDATE sessions SET provider = ? WHERE id = ?').run(provider, sessionId)
  }

  setTitle(sessionId: string, title: string): void {
    this.db.prepare("UPDATE sessions SET title = ? WHERE id = ? AND title = ''").run(title, sessionId)
  }

  endSession(sessionId: string, nowMs: number): void {
    this.db
      .prepare('UPDATE sessions SET ended_at = ?, updated_at = ? WHERE id = ?')
      .run(nowMs, nowMs, sessionId)
  }

  /** Adds one call's usage to the session counters. */
  addUsage(sessionId: string, usage: CallUsage, costUsd: number, savedUsd: number, nowMs: number): void {
    this.db
      .prepare(
        `UPDATE sessions SET input_tokens = input_tokens + ?, output_tokens = output_tokens + ?, cache_write_tokens = cache_write_tokens + ?,
           cache_read_tokens = cache_read_tokens + ?, cost_usd = cost_usd + ?, saved_usd = saved_usd + ?, updated_at = ? WHERE id = ?`
      )
      .run(
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

  /** Stores a message; the first message of a new turn links that turn after the chosen path's head. */
  appendMessage(message: NewMessage): StoredMessage {
    // One commit for the turn's link and its message (a turn's first append used to commit twice).
    const result = this.appendTransaction(message)
    return {
      id: Number(result.lastInsertRowid),
      sessionId: message.sessionId,
      turnId: message.turnId,
      role: message.role,
      kind: message.kind,
      content: message.content,
      status: message.status,
      error: null,
      inContext: true,
      usage: null,
      createdAtMs: message.nowMs
    }
  }

  private insertMessage(message: NewMessage): { lastInsertRowid: number | bigint } {
    this.versions.ensureTurn(message.sessionId, message.turnId, message.nowMs)
    return this.insertMessageStatement.run(
      message.sessionId,
      message.turnId,
      message.role,
      message.kind,
      JSON.stringify(message.content),
      searchTextOf(message.content),
      message.status,
      message.writer?.pid ?? null,
      message.writer?.startedAt ?? null,
      message.nowMs,
      message.nowMs
    )
  }

  /** Rewrites a reply's content while it streams and when it ends; `usage` is set on the final write. */
  updateMessage(
    id: number,
    update: {
      content: readonly ContentBlock[]
      status: MessageStatus
      error?: string | null
      usage?: CallUsage | null
      writer?: WriterStamp | null
      nowMs: number
    }
  ): void {
    this.updateContentStatement.run(
      JSON.stringify(update.content),
      searchTextOf(update.content),
      update.status,
      update.error ?? null,
      update.usage ? JSON.stringify(update.usage) : null,
      update.writer?.pid ?? null,
      update.writer?.startedAt ?? null,
      update.nowMs,
      id
    )
  }

  /** The transcript of the chosen path: what the model sees and the chat shows (other versions left out). */
  messages(sessionId: string): StoredMessage[] {
    return messagesOnPath(
      this.allMessages(sessionId),
      this.versions.turns(sessionId),
      this.versions.head(sessionId)
    )
  }

  /** Every stored message of the session, every version included, in stored order. */
  allMessages(sessionId: string): StoredMessage[] {
    return (this.messagesStatement.all(sessionId) as MessageRow[]).map(messageFromRow)
  }

  /** The agent's most recent user turns (every session), newest first: when each started, and where. */
  userTurnStarts(agentId: string, limit: number): { at: number; sessionId: string }[] {
    return this.db
      .prepare(
        "SELECT m.created_at AS at, m.session_id AS sessionId FROM messages m JOIN sessions s ON s.id = m.session_id WHERE s.agent_id = ? AND m.role = 'user' AND m.kind = 'text' ORDER BY m.id DESC LIMIT ?"
      )
      .all(agentId, limit) as { at: number; sessionId: string }[]
  }

  getMessage(id: number): StoredMessage | undefined {
    const row = this.db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`).get(id) as
      MessageRow | undefined
    return row ? messageFromRow(row) : undefined
  }

  /** Takes messages out of the model's context after compression; they stay stored and searchable. */
  retireMessages(ids: readonly number[]): void {
    const statement = this.db.prepare('UPDATE messages SET in_context = 0 WHERE id = ?')
    this.db.transaction(() => ids.forEach((id) => statement.run(id)))()
  }

  /**
   * Folds the write-ahead log into the database between turns. Left to SQLite's automatic
   * checkpoint, that work lands on whichever append crosses the threshold (a 3–5 ms spike);
   * done here, while nobody waits, each append stays a sub-millisecond commit. PASSIVE never
   * blocks other readers or writers.
   */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(PASSIVE)')
  }

  /**
   * Rows still `streaming` whose writer process is gone become `interrupted` (a `kill -9` or a
   * crash mid-stream). Rows of a live writer (another window, a running CLI) are left alone; a
   * writer is the pid AND its start time, so a pid reused by an unrelated process is not it.
   */
  recoverInterrupted(isAlive: (writer: WriterStamp) => boolean, nowMs: number): number {
    const rows = this.db
      .prepare("SELECT id, writer_pid, writer_started FROM messages WHERE status = 'streaming'")
      .all() as WriterRow[]
    const dead = rows.filter(
      (row) => row.writer_pid === null || !isAlive({ pid: row.writer_pid, startedAt: row.writer_started })
    )
    const mark = this.db.prepare(
      "UPDATE messages SET status = 'interrupted', error = 'The app stopped while this reply was streaming', writer_pid = NULL, writer_started = NULL, updated_at = ? WHERE id = ?"
    )
    this.db.transaction(() => dead.forEach((row) => mark.run(nowMs, row.id)))()
    return dead.length
  }

  private insertPromptVersion(
    sessionId: string,
    version: number,
    text: string,
    report: PromptReport,
    reason: string,
    nowMs: number
  ): void {
    this.db
      .prepare(
        'INSERT INTO session_prompts (session_id, version, text, report, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)'
      )
      .run(sessionId, version, text, JSON.stringify(report), reason, nowMs)
  }
}
