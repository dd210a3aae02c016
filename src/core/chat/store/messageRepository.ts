import { writeTransaction } from '../../node/db/writeTransaction'
import {
  MessageKind,
  MessageRole,
  MessageStatus,
  type AgentId,
  type SessionId,
  type TurnId
} from '../../../shared/contract'
import { ownId } from '../../domain/ids'
import type Database from 'better-sqlite3'
import { keptStatements } from '../../node/db/keptStatements'
import type { Db } from '../../node/db/openDatabase'
import { readOptionalRow, readRow, readRows, readTuples, TupleColumns } from '../../node/db/rowReader'
import type { CallUsage, ContentBlock, StoredMessage } from '../chatTypes'
import { foldLongLog, maintainBetweenTurns, maintainInSteps } from './betweenTurns'
import { messageFromRow, searchTextOf } from './sessionRows'
import { orphanedStreamingRows, type WriterStamp } from './streamingWriters'
import { messagesOnPath } from './turnPath'
import { TurnVersionRepository } from './turnVersionRepository'

/** A message to store: the caller's parts of a `StoredMessage`; the rest is filled in by the database and later updates. */
export type NewMessage = Pick<
  StoredMessage,
  'sessionId' | 'turnId' | 'role' | 'kind' | 'content' | 'status'
> & {
  readonly nowMs: number
  /** The writing process (pid and start time), for rows that are still `streaming`. */
  readonly writer?: WriterStamp
}

/** A message's columns, read as tuples: a resume reads ten thousand of them at once. */
const MESSAGE_COLUMNS = new TupleColumns('messages', [
  'id',
  'session_id',
  'turn_id',
  'role',
  'kind',
  'content',
  'status',
  'error',
  'in_context',
  'usage',
  'created_at'
])

/** A message's place in its chat without its content: what a read of a long chat's tail picks rows by. */
export type MessageOutline = Pick<StoredMessage, 'id' | 'turnId' | 'role' | 'kind' | 'status' | 'inContext'>

const OUTLINE_COLUMNS = new TupleColumns('messages', [
  'id',
  'turn_id',
  'role',
  'kind',
  'status',
  'in_context'
])

/**
 * The SQL of a session's transcript: its messages and the tree of turn versions they hang on.
 * Statements are prepared once; every write is its own small transaction so a crash at any
 * point leaves every committed message readable.
 */
export class MessageRepository {
  /** The conversation tree: which versions each turn has and which path is chosen. */
  readonly versions: TurnVersionRepository
  private readonly insertMessageStatement
  private readonly updateContentStatement
  private readonly messagesStatement
  private readonly newestIdStatement
  private readonly appendTransaction: (message: NewMessage) => { lastInsertRowid: number | bigint }
  private readonly appendManyTransaction: (messages: readonly NewMessage[]) => StoredMessage[]

  /** Statements prepared once and kept, as objects or as column tuples (see keptStatements). */
  protected readonly statement: (sql: string) => Database.Statement
  protected readonly tuples: (sql: string) => Database.Statement

  constructor(protected readonly db: Db) {
    this.statement = keptStatements(db)
    this.tuples = keptStatements(db, 'raw')
    this.versions = new TurnVersionRepository(db)
    this.appendTransaction = writeTransaction(db, (message: NewMessage) => this.insertMessage(message))
    this.appendManyTransaction = writeTransaction(db, (messages: readonly NewMessage[]) =>
      messages.map((message) => storedMessage(message, this.insertMessage(message)))
    )
    this.insertMessageStatement = db.prepare(
      `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, writer_pid, writer_started, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    this.updateContentStatement = db.prepare(
      'UPDATE messages SET content = ?, search_text = ?, status = ?, error = ?, usage = ?, writer_pid = ?, writer_started = ?, updated_at = ? WHERE id = ?'
    )
    this.newestIdStatement = db.prepare('SELECT max(id) FROM messages WHERE session_id = ?').pluck()
    this.messagesStatement = db
      .prepare(`SELECT ${MESSAGE_COLUMNS.list} FROM messages WHERE session_id = ? ORDER BY id`)
      .raw()
  }

  /** Stores a message; the first message of a new turn links that turn after the chosen path's head. */
  appendMessage(message: NewMessage): StoredMessage {
    // One commit for the turn's link and its message (a turn's first append used to commit twice).
    return storedMessage(message, this.appendTransaction(message))
  }

  /**
   * Stores a run of messages in order in one transaction (a whole imported or generated chat).
   * One transaction instead of one per message matters beyond the commits: the full-text index
   * writes its pending terms at every transaction and savepoint boundary, so a message at a time
   * leaves one tiny index segment per message to merge later.
   */
  appendMessages(messages: readonly NewMessage[]): StoredMessage[] {
    return this.appendManyTransaction(messages)
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
  messages(sessionId: SessionId): StoredMessage[] {
    return messagesOnPath(
      this.allMessages(sessionId),
      this.versions.turns(sessionId),
      this.versions.head(sessionId)
    )
  }

  /** The id of the session's newest stored message (any version), or null in an empty session. */
  newestMessageId(sessionId: SessionId): number | null {
    // Asked at every turn's first call: prepared once, like the transcript's own read.
    const id: unknown = this.newestIdStatement.get(sessionId)
    return typeof id === 'number' ? id : null
  }

  /** Every stored message of the session, every version included, in stored order. */
  allMessages(sessionId: SessionId): StoredMessage[] {
    return readTuples(this.messagesStatement.all(sessionId), MESSAGE_COLUMNS, messageFromRow)
  }

  /**
   * Every stored message of the session without its content, in stored order, from migration
   * 0068's index alone: a chat of thousands of messages outlined without reading any of them.
   */
  outline(sessionId: SessionId): MessageOutline[] {
    const rows = this.tuples(
      `SELECT ${OUTLINE_COLUMNS.list} FROM messages INDEXED BY messages_outline WHERE session_id = ? ORDER BY id`
    ).all(sessionId)
    return readTuples(rows, OUTLINE_COLUMNS, (row) => ({
      id: row.messageId('id'),
      turnId: row.turnId('turn_id'),
      role: row.oneOf('role', MessageRole.options),
      kind: row.oneOf('kind', MessageKind.options),
      status: row.oneOf('status', MessageStatus.options),
      inContext: row.flag('in_context')
    }))
  }

  /**
   * The agent's most recent user turns (every session), newest first: when each started, and
   * where. The walk goes down migration 0065's index of user turns, newest first, and stops at
   * `limit`; each turn's session is looked up on its own. A join would let the planner read every
   * message of the agent's sessions and sort them, or filter through all sessions first, at every
   * turn — work that grows with the agent's whole history.
   */
  userTurnStarts(agentId: AgentId, limit: number): { at: number; sessionId: SessionId }[] {
    const rows = this.statement(
      "SELECT m.created_at, m.session_id FROM messages m WHERE m.role = 'user' AND m.kind = 'text' AND (SELECT s.agent_id FROM sessions s WHERE s.id = m.session_id) = ? ORDER BY m.id DESC LIMIT ?"
    ).all(agentId, limit)
    return readRows(rows, 'messages', (row) => ({
      at: row.int('created_at'),
      sessionId: row.sessionId('session_id')
    }))
  }

  /** How many messages the database holds, every session's and every version's. */
  countMessages(): number {
    const row = this.statement('SELECT count(*) AS n FROM messages').get()
    return readRow(row, 'messages').int('n')
  }

  /** The stored messages of one turn (one version: every version has its own turn id), in order. */
  turnMessages(sessionId: SessionId, turnId: TurnId): StoredMessage[] {
    const rows = this.tuples(
      `SELECT ${MESSAGE_COLUMNS.list} FROM messages WHERE session_id = ? AND turn_id = ? ORDER BY id`
    ).all(sessionId, turnId)
    return readTuples(rows, MESSAGE_COLUMNS, messageFromRow)
  }

  /** The session's messages with these ids (those that exist), in stored order. */
  messagesWithIds(sessionId: SessionId, ids: readonly number[]): StoredMessage[] {
    if (ids.length === 0) return []
    const rows = this.tuples(
      `SELECT ${MESSAGE_COLUMNS.list} FROM messages WHERE session_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`
    ).all(sessionId, JSON.stringify([...new Set(ids)]))
    return readTuples(rows, MESSAGE_COLUMNS, messageFromRow)
  }

  getMessage(id: number): StoredMessage | undefined {
    const row = this.statement(`SELECT ${MESSAGE_COLUMNS.list} FROM messages WHERE id = ?`).get(id)
    return readOptionalRow(row, 'messages', messageFromRow)
  }

  /** Takes messages out of the model's context after compression; they stay stored and searchable. */
  retireMessages(ids: readonly number[]): void {
    const statement = this.statement('UPDATE messages SET in_context = 0 WHERE id = ?')
    writeTransaction(this.db, () => ids.forEach((id) => statement.run(id)))()
  }

  /** Database upkeep between turns, so the next turn's appends are small commits (see `maintainBetweenTurns`). */
  maintainBetweenTurns(): void {
    maintainBetweenTurns(this.db)
  }

  /** The same upkeep a step per turn of the event loop, stopping when `stop()` says (see `maintainInSteps`). */
  maintainInSteps(stop: () => boolean, failed: (error: unknown) => void): void {
    maintainInSteps(this.db, stop, failed)
  }

  /** At a turn's end, folds the write-ahead log when it has grown long (see `foldLongLog`). */
  foldLongLog(): boolean {
    return foldLongLog(this.db)
  }

  /** Rows still `streaming` whose writer process is gone become `interrupted`; returns how many. */
  recoverInterrupted(isAlive: (writer: WriterStamp) => boolean, nowMs: number): number {
    const dead = orphanedStreamingRows(this.db, 'messages', isAlive)
    const mark = this.statement(
      "UPDATE messages SET status = 'interrupted', error = 'The app stopped while this reply was streaming', writer_pid = NULL, writer_started = NULL, updated_at = ? WHERE id = ?"
    )
    writeTransaction(this.db, () => dead.forEach((id) => mark.run(nowMs, id)))()
    return dead.length
  }
}

/** A message as stored: the caller's parts and the row id the insert gave it. */
function storedMessage(message: NewMessage, result: { lastInsertRowid: number | bigint }): StoredMessage {
  return {
    id: ownId.message(Number(result.lastInsertRowid)),
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
