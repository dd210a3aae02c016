import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { MemoryReceipt } from '../../shared/contract/memory'
import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'
import { writeTransaction } from '../node/db/writeTransaction'
import { crashPoint } from '../node/process/crashPoint'
import { isStampAlive, ownStamp } from '../node/process/processIdentity'
import type { NewReceipt, ReceiptStore, WrittenFile } from './receiptStore'

const JournaledReceipt = MemoryReceipt.omit({ id: true, undoable: true, undoneAtMs: true })

/** One write the journal holds: the receipt it will make and what its undo needs. */
interface JournalRow {
  readonly id: number
  readonly path: string
  readonly receipt: NewReceipt
  readonly written: WrittenFile
  readonly writerAlive: boolean
}

/** What settling the writes of dead writers did: receipts made for writes that landed, rows dropped for those that did not. */
export interface JournalSettled {
  readonly completed: number
  readonly rolledBack: number
}

/**
 * Makes a memory write and its receipt one recoverable step (see migration 0054): `open` records
 * the write before the file is touched, `close` makes the receipt and drops the row in one
 * transaction. A row whose writer died is settled by whoever takes the file's lock next, or by
 * the next process at start: the file is replaced by an atomic rename, so it holds either the
 * bytes the write meant to leave (the receipt is made: the entry stays undoable) or the bytes
 * before it (the row goes: nothing happened). Nothing is lost and nothing is counted twice.
 */
export class MemoryJournal {
  constructor(
    private readonly db: Db,
    private readonly receipts: ReceiptStore,
    private readonly now: () => number
  ) {}

  /** Records a write about to replace `receipt.path`; returns the row to close once the file is written. */
  open(receipt: NewReceipt, written: WrittenFile): number {
    const stamp = ownStamp()
    const result = this.db
      .prepare(
        `INSERT INTO memory_journal (path, receipt, before_bytes, before_missing, after_sha256, writer_pid, writer_started, writer_host, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        receipt.path,
        JSON.stringify(receipt),
        written.before,
        written.before === null ? 1 : 0,
        written.afterSha256,
        stamp.pid,
        stamp.startedAt,
        stamp.host,
        this.now()
      )
    crashPoint('memory.journaled')
    return Number(result.lastInsertRowid)
  }

  /** The file is written: its receipt is made and the row dropped, together. */
  close(id: number, receipt: NewReceipt, written: WrittenFile): MemoryReceipt {
    crashPoint('memory.written')
    const made = writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM memory_journal WHERE id = ?').run(id)
      return this.receipts.add(receipt, written)
    })()
    crashPoint('memory.receipted')
    return made
  }

  /**
   * Settles the rows whose writer is gone, of `path` (the caller holds its lock) or of every
   * file (at start, before anything else runs). Safe without the lock and twice over: a row is
   * settled only by the transaction that deletes it, and a live writer settles the rows of its
   * file under the lock before it writes, so the file it reads is the dead writer's result.
   */
  settle(path?: string): JournalSettled {
    const all = path === undefined ? this.rows('') : this.rows('WHERE path = ?', path)
    let completed = 0
    let rolledBack = 0
    for (const row of all.filter((candidate) => !candidate.writerAlive)) {
      const landed = fileSha256(row.path) === row.written.afterSha256
      const settled = writeTransaction(this.db, () => {
        const gone = this.db.prepare('DELETE FROM memory_journal WHERE id = ?').run(row.id).changes === 1
        if (gone && landed) this.receipts.add(row.receipt, row.written)
        return gone
      })()
      if (settled && landed) completed++
      else if (settled) rolledBack++
    }
    return { completed, rolledBack }
  }

  private rows(where: string, ...params: unknown[]): JournalRow[] {
    const rows = this.db.prepare(`SELECT * FROM memory_journal ${where} ORDER BY id`).all(...params)
    return readRows(rows, 'memory_journal', fromRow)
  }
}

function fromRow(row: RowReader): JournalRow {
  return {
    id: row.int('id'),
    path: row.text('path'),
    receipt: JournaledReceipt.parse(row.json('receipt')),
    written: {
      before: row.flag('before_missing') ? null : (row.blobOrNull('before_bytes') ?? Buffer.alloc(0)),
      afterSha256: row.text('after_sha256')
    },
    writerAlive: isStampAlive({
      pid: row.int('writer_pid'),
      startedAt: row.textOrNull('writer_started'),
      host: row.text('writer_host')
    })
  }
}

/** The file's sha256, or null when it is gone or unreadable (then the write cannot be the one it holds). */
function fileSha256(path: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex')
  } catch {
    return null
  }
}
