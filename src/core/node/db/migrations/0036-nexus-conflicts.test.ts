import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { isApplied, up } from './0036-nexus-conflicts'

describe('migration 0036-nexus-conflicts', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('creates the conflict ledger and the marks, holding each column to its values', () => {
    db = databaseBefore(36)
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    const flag = db.prepare(
      `INSERT INTO nexus_conflicts (first_seq, second_seq, method, signal, contrast, subject, score, flagged_at)
       VALUES (?, ?, ?, ?, '["a","b"]', '["quill"]', ?, 1)`
    )
    expect(() => flag.run(1, 2, 'terms', 'negation', 0.5)).not.toThrow()
    expect(() => flag.run(3, 2, 'terms', 'negation', 0.5)).toThrow(/CHECK constraint/)
    expect(() => flag.run(1, 3, 'guess', 'negation', 0.5)).toThrow(/CHECK constraint/)
    expect(() => flag.run(1, 4, 'terms', 'vibes', 0.5)).toThrow(/CHECK constraint/)
    expect(() => flag.run(1, 5, 'terms', 'swap', 1.5)).toThrow(/CHECK constraint/)
    expect(() => flag.run(1, 2, 'similarity', 'swap', 0.9)).toThrow(/UNIQUE|PRIMARY KEY/)
    const mark = db.prepare('INSERT INTO nexus_marks (reader, mark, seq, updated_at) VALUES (?, ?, ?, 1)')
    expect(() => mark.run('*', 'conflict-scan', 4)).not.toThrow()
    expect(() => mark.run('ella', 'state-seen', 2)).not.toThrow()
    expect(() => mark.run('ella', 'favourite', 2)).toThrow(/CHECK constraint/)
    expect(() => mark.run('nova', 'state-seen', -1)).toThrow(/CHECK constraint/)
  })

  it('runs in the full list, also for a database already past 36 without it', () => {
    db = databaseBefore(36)
    db.pragma('user_version = 37')
    migrate(db, MIGRATIONS)
    expect(isApplied(db)).toBe(true)
  })
})
