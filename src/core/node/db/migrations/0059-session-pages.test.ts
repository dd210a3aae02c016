import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0059-session-pages'

function plan(db: Database.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

const ORDER = 'ORDER BY pinned_at DESC, updated_at DESC, id LIMIT 101'

describe('migration 0059-session-pages', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('reads a page after a cursor of every agent or one agent as an index range in the order listed', () => {
    db = databaseBefore(59)
    up(db)
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sessions'")
      .pluck()
      .all()
    expect(indexes).toEqual(expect.arrayContaining(['sessions_listed', 'sessions_agent_listed']))
    expect(indexes).toContain('sessions_live_listed') // 53's check would put it back if it went
    const rest = plan(
      db,
      `SELECT * FROM sessions WHERE deleted_at IS NULL AND pinned_at IS NULL AND updated_at < ? ${ORDER}`,
      5
    )
    expect(rest).toContain('sessions_listed (pinned_at=? AND updated_at<?)')
    expect(rest).not.toContain('TEMP B-TREE')
    const pinned = plan(
      db,
      `SELECT * FROM sessions WHERE deleted_at IS NULL AND agent_id = ? AND pinned_at = ? AND updated_at = ? AND id > ? ${ORDER}`,
      'ada',
      1,
      2,
      'x'
    )
    expect(pinned).toContain('sessions_agent_listed (agent_id=? AND pinned_at=? AND updated_at=? AND id>?)')
    expect(pinned).not.toContain('TEMP B-TREE')
  })
})
