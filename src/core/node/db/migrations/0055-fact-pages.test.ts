import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'

function plan(db: Database.Database, sql: string): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

describe('0055 fact pages', () => {
  it("reads a page of Review's inbox and of an agent's recent facts from an index, in the order asked", () => {
    const db = new Database(':memory:')
    migrate(db)
    const inbox = plan(
      db,
      `SELECT * FROM memory_facts f WHERE f.status = 'pending' AND (f.agent_id, coalesce(f.session_id, ''), f.id) > ('a', '', 1)
        ORDER BY f.agent_id, coalesce(f.session_id, ''), f.id LIMIT 101`
    )
    expect(inbox).toContain('memory_facts_review_order')
    expect(inbox).not.toContain('TEMP B-TREE')
    const recent = plan(
      db,
      `SELECT * FROM memory_facts f WHERE f.agent_id = 'a' AND f.status = 'approved' AND f.origin != 'tool'
        AND (f.updated_at, f.id) < (5, 5) ORDER BY f.updated_at DESC, f.id DESC LIMIT 101`
    )
    expect(recent).toContain('memory_facts_recent')
    expect(recent).not.toContain('TEMP B-TREE')
  })
})
