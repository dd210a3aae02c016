import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { NEXUS_TRIGGERS, up } from './0004-nexus'

const insert = `INSERT INTO nexus_entries (seq, created_at, agent, channel, type, summary, body, refs, rationale, prev_hash, hash)
  VALUES (?, 1, 'ella', 'desktop', ?, 'Chose WAL', NULL, '[]', 'because', ?, ?)`

describe('migration 0004-nexus', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  function atPreviousVersion(): Database.Database {
    const database = databaseBefore(4)
    database.prepare("INSERT INTO agents (id, name, created_at) VALUES ('ella', 'Ella', 1)").run()
    return database
  }

  it('creates the log, its index, the cursors table and both append-only triggers', () => {
    db = atPreviousVersion()
    up(db)
    const names = (
      db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'nexus%'").all() as { name: string }[]
    ).map((row) => row.name)
    expect(names).toEqual(
      expect.arrayContaining(['nexus_entries', 'nexus_cursors', 'nexus_entries_by_type', ...NEXUS_TRIGGERS])
    )
    expect(db.prepare('SELECT name FROM agents').all()).toEqual([{ name: 'Ella' }])
  })

  it('refuses UPDATE and DELETE of entries at the database level', () => {
    db = atPreviousVersion()
    up(db)
    db.prepare(insert).run(1, 'decision', '0'.repeat(64), 'a'.repeat(64))
    expect(() => db.prepare("UPDATE nexus_entries SET summary = 'rewritten' WHERE seq = 1").run()).toThrow(
      /append-only/
    )
    expect(() => db.prepare('DELETE FROM nexus_entries WHERE seq = 1').run()).toThrow(/append-only/)
    expect(() => db.prepare('DELETE FROM nexus_entries').run()).toThrow(/append-only/)
    expect(db.prepare('SELECT summary FROM nexus_entries').get()).toEqual({ summary: 'Chose WAL' })
  })

  it('rejects unknown entry types and wrongly typed columns (STRICT)', () => {
    db = atPreviousVersion()
    up(db)
    expect(() => db.prepare(insert).run(1, 'gossip', '0'.repeat(64), 'a'.repeat(64))).toThrow(
      /CHECK constraint/
    )
    expect(() =>
      db
        .prepare(
          "INSERT INTO nexus_entries (seq, created_at, agent, channel, type, summary, prev_hash, hash) VALUES (1, 'noon', 'a', 'cli', 'turn', 's', 'p', 'h')"
        )
        .run()
    ).toThrow(/cannot store TEXT value in INTEGER column/)
  })

  it('keeps cursors mutable: they are reader state, not history', () => {
    db = atPreviousVersion()
    up(db)
    db.prepare("INSERT INTO nexus_cursors (agent, seq, updated_at) VALUES ('ella', 3, 1)").run()
    db.prepare("UPDATE nexus_cursors SET seq = 7 WHERE agent = 'ella'").run()
    expect(db.prepare('SELECT seq FROM nexus_cursors').get()).toEqual({ seq: 7 })
  })
})
