import type { Db } from '../../node/db/openDatabase'
import { readRows } from '../../node/db/rowReader'

/** The process writing a `streaming` row: a pid alone may later belong to another process. */
export interface WriterStamp {
  readonly pid: number
  readonly startedAt: string | null
}

/**
 * Ids of the rows of `table` still `streaming` whose writer process is gone (a `kill -9`, a
 * crash mid-stream). Rows of a live writer (another window, a running CLI) are left out; a
 * writer is the pid AND its start time, so a pid reused by an unrelated process is not it.
 */
export function orphanedStreamingRows(
  db: Db,
  table: 'messages' | 'api_calls',
  isAlive: (writer: WriterStamp) => boolean
): number[] {
  const rows = db
    .prepare(`SELECT id, writer_pid, writer_started FROM ${table} WHERE status = 'streaming'`)
    .all()
  return readRows(rows, table, (row) => ({
    id: row.int('id'),
    pid: row.intOrNull('writer_pid'),
    startedAt: row.textOrNull('writer_started')
  }))
    .filter((row) => row.pid === null || !isAlive({ pid: row.pid, startedAt: row.startedAt }))
    .map((row) => row.id)
}
