import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { isApplied, up } from './0058-nexus-conflict-pages'

function plan(db: Database.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

/** A row of nexus_entries as far as this migration reads it (type and refs); the rest is filler. */
function entry(db: Database.Database, seq: number, type: string, refs: string): void {
  db.prepare(
    `INSERT INTO nexus_entries (seq, id, origin, origin_seq, created_at, agent, channel, type, summary, refs, prev_hash, hash, hash_format)
     VALUES (?, ?, 'dev', ?, 1, 'ella', 'cli', ?, 's', ?, 'p', 'h', 2)`
  ).run(seq, `id${seq}`, seq, type, refs)
}

describe('migration 0058-nexus-conflict-pages', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('records which resolution settled each flag already there, the first in the log', () => {
    db = databaseBefore(58)
    for (const seq of [1, 2, 3]) entry(db, seq, 'decision', '[]')
    entry(db, 4, 'resolution', '[1,2]')
    entry(db, 5, 'resolution', '[1,2,3]')
    entry(db, 6, 'resolution', 'not json')
    const flag = db.prepare(
      `INSERT INTO nexus_conflicts (first_seq, second_seq, method, signal, contrast, subject, score, flagged_at)
       VALUES (?, ?, 'terms', 'negation', '["a","b"]', '[]', 0.5, 1)`
    )
    flag.run(1, 2)
    flag.run(2, 3)
    flag.run(1, 3)
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    const settled = db
      .prepare(
        'SELECT first_seq, second_seq, resolved_by FROM nexus_conflicts ORDER BY first_seq, second_seq'
      )
      .raw()
      .all()
    expect(settled).toEqual([
      [1, 2, 4],
      [1, 3, 5],
      [2, 3, 5]
    ])
  })

  it('reads a page of the open flags, and of all of them, from an index in the order listed', () => {
    db = databaseBefore(58)
    up(db)
    const open = plan(
      db,
      `SELECT c.* FROM nexus_conflicts c WHERE c.resolved_by IS NULL AND (c.second_seq, c.first_seq) < (?, ?)
       ORDER BY c.second_seq DESC, c.first_seq DESC LIMIT 51`,
      9,
      3
    )
    expect(open).toContain('nexus_conflicts_open')
    expect(open).not.toContain('TEMP B-TREE')
    const all = plan(
      db,
      'SELECT c.* FROM nexus_conflicts c ORDER BY c.second_seq DESC, c.first_seq DESC LIMIT 51'
    )
    expect(all).toContain('nexus_conflicts_listed')
    expect(all).not.toContain('TEMP B-TREE')
    expect(plan(db, 'SELECT count(*) FROM nexus_conflicts c WHERE c.resolved_by IS NULL')).toContain(
      'nexus_conflicts_open'
    )
  })
})
