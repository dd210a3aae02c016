import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { openInvolving } from '../../../nexus/conflictsInvolving'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0061-nexus-conflict-authors'

function plan(db: Database.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('; ')
}

/** A decision by `agent`; the columns this migration does not read are filler. */
function decision(db: Database.Database, seq: number, agent: string): void {
  db.prepare(
    `INSERT INTO nexus_entries (seq, id, origin, origin_seq, created_at, agent, channel, type, summary, refs, prev_hash, hash, hash_format)
     VALUES (?, ?, 'dev', ?, 1, ?, 'cli', 'decision', 's', '[]', 'p', 'h', 2)`
  ).run(seq, `id${seq}`, seq, agent)
}

function flag(db: Database.Database, first: number, second: number, resolvedBy: number | null = null): void {
  db.prepare(
    `INSERT INTO nexus_conflicts (first_seq, second_seq, method, signal, contrast, subject, score, flagged_at, resolved_by)
     VALUES (?, ?, 'terms', 'negation', '["a","b"]', '[]', 0.5, 1, ?)`
  ).run(first, second, resolvedBy)
}

describe('migration 0061-nexus-conflict-authors', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it("copies each flag's two authors, and an author's open flags read newest first, counted once", () => {
    db = databaseBefore(61)
    decision(db, 1, 'ella')
    decision(db, 2, 'max')
    decision(db, 3, 'ella')
    decision(db, 4, 'max')
    decision(db, 5, 'ella')
    flag(db, 1, 2)
    flag(db, 1, 3) // ella against herself: in both ranges, counted once
    flag(db, 2, 4) // max alone
    flag(db, 3, 5, 6) // settled
    flag(db, 4, 5)
    up(db)
    const authors = db
      .prepare('SELECT first_seq, second_seq, first_agent, second_agent FROM nexus_conflicts ORDER BY 1, 2')
      .raw()
      .all()
    expect(authors).toEqual([
      [1, 2, 'ella', 'max'],
      [1, 3, 'ella', 'ella'],
      [2, 4, 'max', 'max'],
      [3, 5, 'ella', 'ella'],
      [4, 5, 'max', 'ella']
    ])
    const ella = openInvolving(db, 'ella', 2)
    expect(ella.total).toBe(3)
    expect(ella.rows.map((row) => [row.firstSeq, row.secondSeq])).toEqual([
      [4, 5],
      [1, 3]
    ])
    expect(openInvolving(db, 'ella', -1).rows.map((row) => row.secondSeq)).toEqual([5, 3, 2])
    expect(openInvolving(db, 'max', 10).total).toBe(3)
    expect(openInvolving(db, 'nobody', 10)).toEqual({ rows: [], total: 0 })
  })

  it("reads an author's newest open flags and their count from index ranges, never the whole table", () => {
    db = databaseBefore(61)
    up(db)
    const page = plan(
      db,
      'SELECT * FROM nexus_conflicts WHERE resolved_by IS NULL AND second_agent = ? ORDER BY second_seq DESC, first_seq DESC LIMIT 3',
      'ella'
    )
    expect(page).toContain('nexus_conflicts_open_by_second_agent (second_agent=?)')
    expect(page).not.toContain('TEMP B-TREE')
    const self = plan(
      db,
      'SELECT count(*) FROM nexus_conflicts WHERE resolved_by IS NULL AND first_agent = second_agent AND first_agent = ?',
      'ella'
    )
    expect(self).toContain('COVERING INDEX nexus_conflicts_open_self')
    const first = plan(
      db,
      'SELECT count(*) FROM nexus_conflicts WHERE resolved_by IS NULL AND first_agent = ?',
      'ella'
    )
    expect(first).toContain('COVERING INDEX nexus_conflicts_open_by_first_agent (first_agent=?)')
  })
})
