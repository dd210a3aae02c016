import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0062-review-memories-ranges'

function plan(db: Database.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

describe('migration 0062-review-memories-ranges', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('reads the latest session ends as an index range, of all agents or of one, with no sort', () => {
    db = databaseBefore(62)
    up(db)
    const ended = 'ended_at IS NOT NULL AND deleted_at IS NULL'
    const all = plan(db, `SELECT * FROM sessions WHERE ${ended} ORDER BY ended_at DESC, id LIMIT ?`, 10)
    expect(all).toContain('USING INDEX sessions_ended')
    expect(all).not.toContain('TEMP B-TREE')
    const one = plan(
      db,
      `SELECT * FROM sessions WHERE ${ended} AND agent_id = ? ORDER BY ended_at DESC, id LIMIT ?`,
      'atlas',
      10
    )
    expect(one).toContain('USING INDEX sessions_agent_ended (agent_id=?')
    expect(one).not.toContain('TEMP B-TREE')
  })

  it("counts an agent's listed facts from the index alone, and finds pin events without every fact's history", () => {
    db = databaseBefore(62)
    up(db)
    const count = plan(
      db,
      "SELECT COUNT(*) AS n FROM memory_facts WHERE agent_id = ? AND status = ? AND origin != 'tool'",
      'atlas',
      'approved'
    )
    expect(count).toContain('COVERING INDEX memory_facts_listed (agent_id=? AND status=?)')
    const page = plan(
      db,
      `SELECT f.* FROM memory_facts f WHERE f.agent_id = ? AND f.status = ? AND f.origin != 'tool'
         ORDER BY f.updated_at DESC, f.id DESC LIMIT 101`,
      'atlas',
      'approved'
    )
    expect(page).not.toContain('TEMP B-TREE')
    const pins = plan(
      db,
      `SELECT e.* FROM memory_fact_events e CROSS JOIN memory_facts f ON f.id = e.fact_id
         WHERE f.agent_id = ? AND e.kind IN ('pinned', 'unpinned') ORDER BY e.id`,
      'atlas'
    )
    expect(pins).toContain('USING INDEX memory_fact_events_pins')
    expect(pins).toContain('f USING INTEGER PRIMARY KEY')
  })
})
