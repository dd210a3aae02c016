import type { MemoryReceipt } from '../../shared/contract/memory'
import type { Db } from '../node/db/openDatabase'
import type { WrittenFile } from './memoryFiles'

interface ReceiptRow {
  id: number
  agent_id: string
  session_id: string | null
  turn_id: string | null
  target: 'memory' | 'user'
  path: string
  changes: string
  usage: string
  origin: MemoryReceipt['origin']
  at: number
  before_bytes: Buffer | null
  before_missing: number
  after_sha256: string | null
  undone_at: number | null
}

/** A receipt as written: everything but the id and the undo state, which the store owns. */
export type NewReceipt = Omit<MemoryReceipt, 'id' | 'undoable' | 'undoneAtMs'>

/** A stored receipt with what its undo needs (absent for receipts stored before undo existed). */
export interface ReceiptWithUndo {
  readonly receipt: MemoryReceipt
  readonly written: WrittenFile | null
}

/**
 * Receipts of memory writes, kept in SQLite so a chat reopened later still shows what each
 * write changed (on the turn that made it), so the text a `remove` or `replace` dropped is never
 * lost for good, and so each write can be undone: the file's bytes before it are kept with it.
 */
export class ReceiptStore {
  constructor(private readonly db: Db) {}

  add(receipt: NewReceipt, written: WrittenFile | null = null): MemoryReceipt {
    const result = this.db
      .prepare(
        `INSERT INTO memory_receipts (agent_id, session_id, turn_id, target, path, changes, usage, origin, at, before_bytes, before_missing, after_sha256)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        receipt.agentId,
        receipt.sessionId,
        receipt.turnId,
        receipt.target,
        receipt.path,
        JSON.stringify(receipt.changes),
        JSON.stringify(receipt.usage),
        receipt.origin,
        receipt.atMs,
        written?.before ?? null,
        written !== null && written.before === null ? 1 : 0,
        written?.afterSha256 ?? null
      )
    return { ...receipt, id: Number(result.lastInsertRowid), undoable: written !== null, undoneAtMs: null }
  }

  get(id: number): ReceiptWithUndo | undefined {
    const row = this.db.prepare('SELECT * FROM memory_receipts WHERE id = ?').get(id) as
      ReceiptRow | undefined
    if (!row) return undefined
    const written =
      row.after_sha256 === null
        ? null
        : {
            before: row.before_missing === 1 ? null : (row.before_bytes ?? Buffer.alloc(0)),
            afterSha256: row.after_sha256
          }
    return { receipt: fromRow(row), written }
  }

  markUndone(id: number, atMs: number): MemoryReceipt {
    this.db.prepare('UPDATE memory_receipts SET undone_at = ? WHERE id = ?').run(atMs, id)
    const row = this.db.prepare('SELECT * FROM memory_receipts WHERE id = ?').get(id) as ReceiptRow
    return fromRow(row)
  }

  listBySession(sessionId: string): MemoryReceipt[] {
    const rows = this.db
      .prepare('SELECT * FROM memory_receipts WHERE session_id = ? ORDER BY id')
      .all(sessionId) as ReceiptRow[]
    return rows.map(fromRow)
  }

  listByAgent(agentId: string, limit = 50): MemoryReceipt[] {
    const rows = this.db
      .prepare('SELECT * FROM memory_receipts WHERE agent_id = ? ORDER BY id DESC LIMIT ?')
      .all(agentId, limit) as ReceiptRow[]
    return rows.map(fromRow)
  }

  /** The newest receipts that touched USER.md (shared by every agent), newest first. */
  listForUserFile(limit = 50): MemoryReceipt[] {
    const rows = this.db
      .prepare("SELECT * FROM memory_receipts WHERE target = 'user' ORDER BY id DESC LIMIT ?")
      .all(limit) as ReceiptRow[]
    return rows.map(fromRow)
  }
}

function fromRow(row: ReceiptRow): MemoryReceipt {
  return {
    id: row.id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    turnId: row.turn_id,
    target: row.target,
    path: row.path,
    changes: JSON.parse(row.changes) as MemoryReceipt['changes'],
    usage: JSON.parse(row.usage) as MemoryReceipt['usage'],
    origin: row.origin,
    atMs: row.at,
    undoable: row.after_sha256 !== null,
    undoneAtMs: row.undone_at
  }
}
