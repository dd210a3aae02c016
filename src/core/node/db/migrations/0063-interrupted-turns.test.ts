import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'

function planOf(db: Database.Database, sql: string): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

describe('0063 interrupted turns', () => {
  it('finds interrupted replies and calls from an index, not by reading every row', () => {
    const db = new Database(':memory:')
    migrate(db)
    expect(planOf(db, `SELECT session_id FROM messages WHERE status = 'interrupted'`)).toContain(
      'USING COVERING INDEX messages_interrupted'
    )
    expect(planOf(db, `SELECT session_id FROM api_calls WHERE status = 'interrupted'`)).toContain(
      'USING COVERING INDEX api_calls_interrupted'
    )
  })
})
