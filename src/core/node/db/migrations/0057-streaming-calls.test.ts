import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'

describe('0057 streaming calls', () => {
  it('finds the calls left streaming from an index, not by reading every call', () => {
    const db = new Database(':memory:')
    migrate(db)
    const rows = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, writer_pid, writer_started FROM api_calls WHERE status = 'streaming'`
      )
      .all() as { detail: string }[]
    expect(rows.map((row) => row.detail).join('; ')).toContain('USING INDEX api_calls_streaming')
  })
})
