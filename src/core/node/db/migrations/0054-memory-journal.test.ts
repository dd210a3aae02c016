import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0054-memory-journal'

describe('migration 0054-memory-journal', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('adds the journal table, indexed by path', () => {
    db = databaseBefore(54)
    up(db)
    const insert = db.prepare(
      `INSERT INTO memory_journal (path, receipt, before_bytes, before_missing, after_sha256, writer_pid, writer_host, created_at)
       VALUES ('/m.md', '{}', NULL, ?, 'ab', 1, 'h', 1)`
    )
    expect(() => insert.run(1)).not.toThrow()
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM memory_journal WHERE path = ?').all('/m.md')
    expect(JSON.stringify(plan)).toContain('memory_journal_by_path')
  })
})
