import type { MemoryReceipt } from '../../shared/contract/memory'
import type { Db } from '../node/db/openDatabase'

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
}

/**
 * Receipts of memory writes, kept in SQLite so a chat reopened later still shows what each
 * write changed (on the turn that made it), and so the text a `remove` or `replace` dropped is
 * never lost for good.
 */
export class ReceiptStore {
  constructor(private readonly db: Db) {}

  add(receipt: Omit<MemoryReceipt, 'id'>): MemoryReceipt {
    const result = this.db
      .prepare('INSERT INTO memory_receipts (agent_id, session_id, turn_id, target, path, changes, usage, origin, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        receipt.agentId,
        receipt.sessionId,
        receipt.turnId,
        receipt.target,
        receipt.path,
        JSON.stringify(receipt.changes),
        JSON.stringify(receipt.usage),
        receipt.origin,
        receipt.atMs
      )
    return { ...receipt, id: Number(result.lastInsertRowid) }
  }

  listBySession(sessionId: string): MemoryReceipt[] {
    const rows = this.db.prepare('SELECT * FROM memory_receipts WHERE session_id = ? ORDER BY id').all(sessionId) as ReceiptRow[]
    return rows.map(fromRow)
  }

  listByAgent(agentId: string, limit = 50): MemoryReceipt[] {
    const rows = this.db.prepare('SELECT * FROM memory_receipts WHERE agent_id = ? ORDER BY id DESC LIMIT ?').all(agentId, limit) as ReceiptRow[]
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
    atMs: row.at
  }
}
