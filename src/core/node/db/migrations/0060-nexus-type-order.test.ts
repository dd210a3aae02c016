import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0060-nexus-type-order'

function plan(db: Database.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

describe('migration 0060-nexus-type-order', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('reads the newest entries of a type as an index range, with no sort of them all', () => {
    db = databaseBefore(60)
    up(db)
    const newest = plan(
      db,
      'SELECT * FROM nexus_entries WHERE type = ? AND created_at >= ? ORDER BY seq DESC LIMIT ?',
      'decision',
      0,
      200
    )
    expect(newest).toContain('nexus_entries_by_type_seq (type=?)')
    expect(newest).not.toContain('TEMP B-TREE')
  })
})
