import type Database from 'better-sqlite3'
import { readOptionalRow } from '../node/db/rowReader'

/** The last entry a check of the chain recomputed, and when every entry was last recomputed. */
export interface VerifiedPoint {
  readonly seq: number
  readonly hash: string
  /** When a check last recomputed the chain from its first entry (ms since the epoch). */
  readonly wholeAt: number
}

/**
 * How far the chain is known good (migration 0071). A later check may go on from this point
 * instead of from the first entry, but only while the entry there still carries the hash the
 * check saw: a log rewritten at that point is checked from the start again.
 */
export class VerifiedPrefix {
  private readonly readStatement: Database.Statement
  private readonly hashStatement: Database.Statement
  private readonly idStatement: Database.Statement

  constructor(private readonly db: Database.Database) {
    this.readStatement = db.prepare(
      'SELECT through_seq, through_hash, whole_at FROM nexus_verified WHERE id = 1'
    )
    this.hashStatement = db.prepare('SELECT hash FROM nexus_entries WHERE seq = ?')
    this.idStatement = db.prepare('SELECT id FROM nexus_entries WHERE seq = ?')
  }

  /** The recorded point, if the entry at it is still the one the check saw; else null. */
  current(): VerifiedPoint | null {
    const point = readOptionalRow(this.readStatement.get(), 'nexus_verified', (row) => ({
      seq: row.int('through_seq'),
      hash: row.text('through_hash'),
      wholeAt: row.int('whole_at')
    }))
    if (point === undefined) return null
    const stored = readOptionalRow(this.hashStatement.get(point.seq), 'nexus_entries', (row) =>
      row.text('hash')
    )
    return stored === point.hash ? point : null
  }

  /** The id of the entry at `seq` (a reference to an entry before the point the check went on from). */
  idOf(seq: number): string | undefined {
    return readOptionalRow(this.idStatement.get(seq), 'nexus_entries', (row) => row.text('id'))
  }

  /** After a check that failed: the next check starts from the first entry again. */
  forget(): void {
    if (!this.db.readonly) this.db.prepare('DELETE FROM nexus_verified').run()
  }

  /** Records a good check; a read-only home keeps no record (its next check starts from the first entry). */
  record(point: VerifiedPoint, checkedAt: number): void {
    if (this.db.readonly) return
    this.db
      .prepare(
        `INSERT INTO nexus_verified (id, through_seq, through_hash, whole_at, checked_at) VALUES (1, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET through_seq = excluded.through_seq, through_hash = excluded.through_hash,
           whole_at = excluded.whole_at, checked_at = excluded.checked_at`
      )
      .run(point.seq, point.hash, point.wholeAt, checkedAt)
  }
}
