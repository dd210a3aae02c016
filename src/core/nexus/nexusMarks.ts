import type Database from 'better-sqlite3'
import type { Clock } from '../ports/clock'
import { readOptionalRow } from '../node/db/rowReader'

/** What a mark records: how far a pass or a reader has got in the log. */
export const MARK_NAMES = ['conflict-scan', 'similarity-scan', 'acks-from', 'state-seen'] as const
export type MarkName = (typeof MARK_NAMES)[number]

/** `reader` for the log's own passes (the conflict checks, where acknowledgements start). */
export const LOG_READER = '*'

/**
 * Positions in the log that are not unread cursors: how far the conflict checks have got, from
 * which entry on acknowledgements are awaited, which project-state version each agent has seen.
 */
export class NexusMarks {
  private readonly getStatement: Database.Statement
  private readonly setStatement: Database.Statement

  constructor(
    db: Database.Database,
    private readonly clock: Clock
  ) {
    this.getStatement = db.prepare('SELECT seq FROM nexus_marks WHERE reader = ? AND mark = ?')
    this.setStatement = db.prepare(
      `INSERT INTO nexus_marks (reader, mark, seq, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (reader, mark) DO UPDATE SET seq = excluded.seq, updated_at = excluded.updated_at`
    )
  }

  get(reader: string, mark: MarkName): number | null {
    return (
      readOptionalRow(this.getStatement.get(reader, mark), 'nexus_marks', (row) => row.int('seq')) ?? null
    )
  }

  set(reader: string, mark: MarkName, seq: number): void {
    this.setStatement.run(reader, mark, seq, this.clock.now())
  }
}
