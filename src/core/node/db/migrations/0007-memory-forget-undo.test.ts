import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'

/** A database at the version before 0007, with the foreign keys the app runs with. */
function databaseBefore(): Database.Database {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 7)
  )
  return db
}

function insertFact(
  db: Database.Database,
  text: string,
  status = 'approved',
  origin = 'retention',
  toolWrite: string | null = null
): number {
  const columns = toolWrite === null ? '' : ', tool_write'
  const values = toolWrite === null ? '' : ', ?'
  const result = db
    .prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at${columns}) VALUES ('scribe', ?, 'preference', 'user', ?, ?, 1, 1${values})`
    )
    .run(status, text, origin, ...(toolWrite === null ? [] : [toolWrite]))
  return Number(result.lastInsertRowid)
}

function recallIds(db: Database.Database, query: string): number[] {
  return (
    db.prepare('SELECT rowid FROM recall_fts WHERE recall_fts MATCH ? ORDER BY rowid').all(query) as {
      rowid: number
    }[]
  ).map((r) => r.rowid)
}

describe('0007-memory-forget-undo', () => {
  it('keeps every fact, its history, its merge link and its recall entry across the rebuild', () => {
    const db = databaseBefore()
    const target = insertFact(db, 'The user brews green tea')
    const candidate = insertFact(db, 'The user brews sencha', 'superseded')
    db.prepare('UPDATE memory_facts SET merge_target_id = ? WHERE id = ?').run(target, candidate)
    db.prepare(
      "INSERT INTO memory_fact_events (fact_id, kind, detail, at) VALUES (?, 'created', '{}', 1)"
    ).run(candidate)
    db.prepare(
      "INSERT INTO memory_receipts (agent_id, target, path, changes, usage, origin, at) VALUES ('scribe', 'memory', 'p', '[]', '{}', 'tool', 1)"
    ).run()

    // Up to the knowledge index, which replaced the recall index these checks read.
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 31)
    )
    expect(
      db.prepare('SELECT id, text, status, merge_target_id, tool_write FROM memory_facts ORDER BY id').all()
    ).toEqual([
      {
        id: target,
        text: 'The user brews green tea',
        status: 'approved',
        merge_target_id: null,
        tool_write: null
      },
      {
        id: candidate,
        text: 'The user brews sencha',
        status: 'superseded',
        merge_target_id: target,
        tool_write: null
      }
    ])
    expect(db.prepare('SELECT fact_id FROM memory_fact_events').all()).toEqual([{ fact_id: candidate }])
    expect(db.pragma('foreign_key_check')).toEqual([])
    expect(recallIds(db, 'tea')).toEqual([target])
    expect(
      db.prepare('SELECT before_bytes, before_missing, after_sha256, undone_at FROM memory_receipts').all()
    ).toEqual([{ before_bytes: null, before_missing: 0, after_sha256: null, undone_at: null }])
    // New facts continue the id sequence rather than reusing a number history points at.
    expect(insertFact(db, 'A later fact')).toBe(candidate + 1)
  })

  it('forgets: a forgotten fact leaves recall and comes back on restore; it can still not be deleted', () => {
    const db = databaseBefore()
    // Up to the knowledge index, which replaced the recall index these checks read.
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 31)
    )
    const id = insertFact(db, 'Deploys go out on Tuesdays')
    db.prepare("UPDATE memory_facts SET status = 'forgotten' WHERE id = ?").run(id)
    expect(recallIds(db, 'deploys')).toEqual([])
    db.prepare("UPDATE memory_facts SET status = 'approved' WHERE id = ?").run(id)
    expect(recallIds(db, 'deploys')).toEqual([id])
    expect(() => db.prepare('DELETE FROM memory_facts WHERE id = ?').run(id)).toThrow(/never deleted/)
    expect(() => insertFact(db, 'x', 'erased')).toThrow(/CHECK constraint/)
  })

  it('takes tool writes with what they would write, and never recalls them', () => {
    const db = databaseBefore()
    // Up to the knowledge index, which replaced the recall index these checks read.
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 31)
    )
    const write = JSON.stringify({
      target: 'memory',
      operations: [{ action: 'add', content: 'The user likes rye bread' }],
      changes: []
    })
    const id = insertFact(db, 'The user likes rye bread', 'pending', 'tool', write)
    db.prepare("UPDATE memory_facts SET status = 'approved' WHERE id = ?").run(id)
    expect(recallIds(db, 'bread')).toEqual([])
    expect(() => insertFact(db, 'no write', 'pending', 'tool')).toThrow(/CHECK constraint/)
    expect(() => insertFact(db, 'a write without the tool', 'pending', 'retention', write)).toThrow(
      /CHECK constraint/
    )
  })

  it('keeps the bytes a receipt needs to undo its write', () => {
    const db = databaseBefore()
    // Up to the knowledge index, which replaced the recall index these checks read.
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 31)
    )
    const bytes = Buffer.from('\uFEFFline one\r\n§\r\nline two', 'utf8')
    db.prepare(
      "INSERT INTO memory_receipts (agent_id, target, path, changes, usage, origin, at, before_bytes, after_sha256) VALUES ('scribe', 'memory', 'p', '[]', '{}', 'tool', 1, ?, 'abc')"
    ).run(bytes)
    const row = db.prepare('SELECT before_bytes FROM memory_receipts').get() as { before_bytes: Buffer }
    expect(row.before_bytes.equals(bytes)).toBe(true)
    expect(() =>
      db
        .prepare(
          "INSERT INTO memory_receipts (agent_id, target, path, changes, usage, origin, at, before_missing) VALUES ('s', 'memory', 'p', '[]', '{}', 'tool', 1, 2)"
        )
        .run()
    ).toThrow(/CHECK constraint/)
  })
})
