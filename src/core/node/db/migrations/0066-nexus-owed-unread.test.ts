import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0066-nexus-owed-unread'

function plan(db: Database.Database, sql: string, ...args: unknown[]): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[])
    .map((row) => row.detail)
    .join('; ')
}

describe('migration 0066-nexus-owed-unread', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it("counts a lane's unread entries from the index alone, not the entries' rows", () => {
    db = databaseBefore(66)
    up(db)
    expect(
      plan(
        db,
        'SELECT COUNT(*) AS n FROM nexus_entries INDEXED BY nexus_entries_by_seq_agent WHERE seq > ? AND agent <> ?',
        0,
        'ella'
      )
    ).toBe('SEARCH nexus_entries USING COVERING INDEX nexus_entries_by_seq_agent (seq>?)')
  })

  it('reads the decisions a member owes an ack for, and its acks, from the index alone', () => {
    db = databaseBefore(66)
    up(db)
    expect(
      plan(
        db,
        `SELECT seq FROM nexus_entries INDEXED BY nexus_entries_asking WHERE type IN ('decision', 'handoff') AND seq > ? AND seq <= ?
         AND agent <> ? AND created_at >= ? ORDER BY seq`,
        0,
        10,
        'ella',
        0
      )
    ).toContain('USING COVERING INDEX nexus_entries_asking (type=? AND seq>? AND seq<?)')
    expect(
      plan(
        db,
        `SELECT r.value, MAX(a.seq) FROM nexus_entries a INDEXED BY nexus_entries_acks, json_each(a.refs) r
         WHERE a.type = 'ack' AND a.agent = ? AND a.seq <= ? GROUP BY r.value`,
        'ella',
        10
      )
    ).toContain('SEARCH a USING COVERING INDEX nexus_entries_acks (agent=? AND seq<?)')
  })
})
