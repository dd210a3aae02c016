import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { isApplied } from './0053-year-indexes'

function plan(db: Database.Database, sql: string): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

describe('0053 year indexes', () => {
  it('lists live chats and counts pending candidates from an index in the order asked', () => {
    const db = new Database(':memory:')
    migrate(db)
    expect(isApplied(db)).toBe(true)
    const list = plan(
      db,
      'SELECT * FROM sessions WHERE deleted_at IS NULL ORDER BY pinned_at IS NULL, pinned_at DESC, updated_at DESC, id LIMIT 50'
    )
    expect(list).toContain('sessions_live_listed')
    expect(list).not.toContain('TEMP B-TREE')
    const counts = plan(
      db,
      "SELECT agent_id, COUNT(*) AS n FROM memory_facts WHERE status = 'pending' GROUP BY agent_id"
    )
    expect(counts).toContain('SEARCH memory_facts USING COVERING INDEX memory_facts_by_status (status=?)')
  })
})
