import type { AgentId, SessionId } from '../../shared/contract'
import { MemoryTarget, ReceiptOrigin, type MemoryReceipt } from '../../shared/contract/memory'
import type { Db } from '../node/db/openDatabase'
import { readOptionalRow, readRow, readRows, type RowReader } from '../node/db/rowReader'

/** What a saved write needs to be undone: the file's bytes before it (null: it did not exist) and the hash of what it wrote. */
export interface WrittenFile {
  readonly before: Buffer | null
  readonly afterSha256: string
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
    const found = this.db.prepare('SELECT * FROM memory_receipts WHERE id = ?').get(id)
    return readOptionalRow(found, 'memory_receipts', (row) => {
      const afterSha256 = row.textOrNull('after_sha256')
      const written =
        afterSha256 === null
          ? null
          : {
              before: row.flag('before_missing') ? null : (row.blobOrNull('before_bytes') ?? Buffer.alloc(0)),
              afterSha256
            }
      return { receipt: fromRow(row), written }
    })
  }

  markUndone(id: number, atMs: number): MemoryReceipt {
    this.db.prepare('UPDATE memory_receipts SET undone_at = ? WHERE id = ?').run(atMs, id)
    return fromRow(
      readRow(this.db.prepare('SELECT * FROM memory_receipts WHERE id = ?').get(id), 'memory_receipts')
    )
  }

  listBySession(sessionId: SessionId): MemoryReceipt[] {
    const rows = this.db
      .prepare('SELECT * FROM memory_receipts WHERE session_id = ? ORDER BY id')
      .all(sessionId)
    return readRows(rows, 'memory_receipts', fromRow)
  }

  listByAgent(agentId: AgentId, limit = 50): MemoryReceipt[] {
    const rows = this.db
      .prepare('SELECT * FROM memory_receipts WHERE agent_id = ? ORDER BY id DESC LIMIT ?')
      .all(agentId, limit)
    return readRows(rows, 'memory_receipts', fromRow)
  }

  /** The newest receipts that touched USER.md (shared by every agent), newest first. */
  listForUserFile(limit = 50): MemoryReceipt[] {
    const rows = this.db
      .prepare("SELECT * FROM memory_receipts WHERE target = 'user' ORDER BY id DESC LIMIT ?")
      .all(limit)
    return readRows(rows, 'memory_receipts', fromRow)
  }
}

function fromRow(row: RowReader): MemoryReceipt {
  return {
    id: row.int('id'),
    agentId: row.agentId('agent_id'),
    sessionId: row.sessionIdOrNull('session_id'),
    turnId: row.turnIdOrNull('turn_id'),
    target: row.oneOf('target', MemoryTarget.options),
    path: row.text('path'),
    changes: row.json('changes') as MemoryReceipt['changes'],
    usage: row.json('usage') as MemoryReceipt['usage'],
    origin: row.oneOf('origin', ReceiptOrigin.options),
    atMs: row.int('at'),
    undoable: row.textOrNull('after_sha256') !== null,
    undoneAtMs: row.intOrNull('undone_at')
  }
}
