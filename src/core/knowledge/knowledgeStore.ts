import { writeTransaction } from '../node/db/writeTransaction'
import { createHash } from 'node:crypto'
import type { KnowledgeKind } from '../../shared/contract/knowledge'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import type { Audience } from '../ports/knowledgeSources'
import type { AgentId, MessageId, SessionId } from '../../shared/contract'

/** One searchable piece as stored: a whole short source, or one chunk of a long one. */
export interface Piece {
  readonly chunk: number
  readonly audience: Audience
  readonly agentId: AgentId | null
  readonly sessionId: SessionId | null
  readonly messageId: MessageId | null
  readonly nexusId: string | null
  readonly seq: number | null
  readonly path: string | null
  readonly ts: number
  readonly title: string
  /** The searchable name, when the title is one (a memory file's, a skill's, a page's); '' for a mere label. */
  readonly heading: string
  readonly text: string
}

/** What the triggers note in the outbox: facts and messages (the Nexus is followed by sequence). */
export const OUTBOX_KINDS = ['fact', 'message'] as const
export type OutboxKind = (typeof OUTBOX_KINDS)[number]

/**
 * The knowledge index's tables (items, outbox, files, state). Replacing a source's pieces keeps
 * every piece whose text did not change, so its vector stays and is not embedded again.
 */
export class KnowledgeStore {
  private readonly existing
  private readonly insert
  private readonly update
  private readonly removeOne
  private readonly removeAll
  private readonly dropVector
  private readonly outboxTake
  private readonly outboxDone
  private readonly stateGet
  private readonly stateSet
  private removed: (ids: readonly number[]) => void = () => {}

  constructor(readonly db: Db) {
    this.existing = db.prepare('SELECT id, chunk, hash FROM knowledge_items WHERE kind = ? AND ref = ?')
    this.insert = db.prepare(
      `INSERT INTO knowledge_items (kind, ref, chunk, audience, agent_id, session_id, message_id, nexus_id, seq, path, ts, title, heading, text, hash)
       VALUES (@kind, @ref, @chunk, @audience, @agentId, @sessionId, @messageId, @nexusId, @seq, @path, @ts, @title, @heading, @text, @hash)`
    )
    this.update = db.prepare(
      `UPDATE knowledge_items SET audience = @audience, agent_id = @agentId, session_id = @sessionId, message_id = @messageId,
         nexus_id = @nexusId, seq = @seq, path = @path, ts = @ts, title = @title, heading = @heading, text = @text, hash = @hash WHERE id = @id`
    )
    this.removeOne = db.prepare('DELETE FROM knowledge_items WHERE id = ?')
    this.dropVector = db.prepare('DELETE FROM knowledge_vectors WHERE item_id = ?')
    this.removeAll = db.prepare('DELETE FROM knowledge_items WHERE kind = ? AND ref = ? RETURNING id')
    this.outboxTake = db.prepare('SELECT kind, key FROM knowledge_outbox WHERE kind = ? LIMIT ?')
    this.outboxDone = db.prepare('DELETE FROM knowledge_outbox WHERE kind = ? AND key = ?')
    this.stateGet = db.prepare('SELECT value FROM knowledge_state WHERE key = ?')
    this.stateSet = db.prepare(
      'INSERT INTO knowledge_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
    )
  }

  /** Called with the ids of items removed, or whose vector was dropped (the vector index's copy follows). */
  onRemoved(listener: (ids: readonly number[]) => void): void {
    this.removed = listener
  }

  /** Makes the stored pieces of (kind, ref) exactly `pieces`; unchanged ones are left alone. */
  replace(kind: KnowledgeKind, ref: string, pieces: readonly Piece[]): void {
    const before = new Map(
      readRows(this.existing.all(kind, ref), 'knowledge_items', (row) => ({
        id: row.int('id'),
        chunk: row.int('chunk'),
        hash: row.text('hash')
      })).map((row) => [row.chunk, row])
    )
    for (const piece of pieces) {
      const hash = pieceHash(piece)
      const old = before.get(piece.chunk)
      before.delete(piece.chunk)
      if (old?.hash === hash) continue
      const values = { ...piece, kind, ref, hash }
      if (old) {
        this.update.run({ ...values, id: old.id })
        this.dropVector.run(old.id) // its text changed: embedded again
        this.removed([old.id])
      } else this.insert.run(values)
    }
    for (const stale of before.values()) this.removeOne.run(stale.id)
    if (before.size > 0) this.removed([...before.values()].map((stale) => stale.id))
  }

  /** Adds one more piece to (kind, ref): a big file's next chunk. */
  add(kind: KnowledgeKind, ref: string, piece: Piece): void {
    this.insert.run({ ...piece, kind, ref, hash: pieceHash(piece) })
  }

  remove(kind: KnowledgeKind, ref: string): void {
    this.removed(idsOf(this.removeAll.all(kind, ref)))
  }

  removeSession(sessionId: SessionId): void {
    this.removed(
      idsOf(this.db.prepare('DELETE FROM knowledge_items WHERE session_id = ? RETURNING id').all(sessionId))
    )
  }

  /** Up to `limit` keys of one kind noted as changed. */
  pending(kind: OutboxKind, limit: number): number[] {
    return readRows(this.outboxTake.all(kind, limit), 'knowledge_outbox', (row) => row.int('key'))
  }

  done(kind: OutboxKind, key: number): void {
    this.outboxDone.run(kind, key)
  }

  pendingCount(): number {
    return this.count('SELECT COUNT(*) AS n FROM knowledge_outbox')
  }

  state(key: string): string | undefined {
    const rows = readRows(this.stateGet.all(key), 'knowledge_state', (row) => row.text('value'))
    return rows[0]
  }

  setState(key: string, value: string): void {
    this.stateSet.run(key, value)
  }

  clearState(prefix: string): void {
    this.db
      .prepare("DELETE FROM knowledge_state WHERE key LIKE ? ESCAPE '\\'")
      .run(`${prefix.replace(/[%_\\]/g, '\\$&')}%`)
  }

  /** Everything indexed so far, gone: items, vectors, file marks and build cursors (the outbox is kept). */
  clear(): void {
    writeTransaction(this.db, () => {
      this.db.exec(`
        DELETE FROM knowledge_items;
        DELETE FROM knowledge_vectors;
        DELETE FROM knowledge_files;
      `)
      this.clearState('cursor.')
      this.clearState('built.')
    })()
  }

  /** Read from the counts triggers keep (migration 0069): counting a year's items took a tenth of a second. */
  itemCount(): number {
    return this.count('SELECT COALESCE(SUM(n), 0) AS n FROM knowledge_kind_counts')
  }

  /** The kinds with at least one item, from the same counts. */
  countsByKind(): Record<string, number> {
    const rows = readRows(
      this.db.prepare('SELECT kind, n FROM knowledge_kind_counts WHERE n > 0 ORDER BY kind').all(),
      'knowledge_kind_counts',
      (row) => [row.text('kind'), row.int('n')] as const
    )
    return Object.fromEntries(rows)
  }

  count(sql: string, ...params: unknown[]): number {
    return readRows(this.db.prepare(sql).all(...params), 'knowledge_items', (row) => row.int('n'))[0] ?? 0
  }
}

function idsOf(rows: readonly unknown[]): number[] {
  return readRows(rows, 'knowledge_items', (row) => row.int('id'))
}

function pieceHash(piece: Piece): string {
  return createHash('sha1')
    .update(
      `${piece.audience}\u0000${piece.agentId ?? ''}\u0000${piece.title}\u0000${piece.heading}\u0000${piece.text}`
    )
    .digest('base64')
}
