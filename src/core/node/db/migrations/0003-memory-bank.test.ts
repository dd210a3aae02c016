import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { up } from './0003-memory-bank'

function migratedDb(): Database.Database {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  up(db)
  return db
}

function insertFact(db: Database.Database, text: string, status = 'pending'): number {
  const result = db
    .prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at)
       VALUES ('scribe', ?, 'preference', 'user', ?, 'retention', 1, 1)`
    )
    .run(status, text)
  return Number(result.lastInsertRowid)
}

function recallIds(db: Database.Database, query: string): number[] {
  return (
    db.prepare('SELECT rowid FROM recall_fts WHERE recall_fts MATCH ? ORDER BY rowid').all(query) as {
      rowid: number
    }[]
  ).map((r) => r.rowid)
}

describe('0003-memory-bank', () => {
  it('indexes a fact for recall only while it is approved and not suppressed', () => {
    const db = migratedDb()
    const pending = insertFact(db, 'The user drinks oolong tea')
    const approved = insertFact(db, 'The user brews green tea at 80 degrees', 'approved')
    expect(recallIds(db, 'tea')).toEqual([approved])

    db.prepare("UPDATE memory_facts SET status = 'approved' WHERE id = ?").run(pending)
    expect(recallIds(db, 'tea')).toEqual([pending, approved])

    db.prepare("UPDATE memory_facts SET text = 'The user brews sencha' WHERE id = ?").run(approved)
    expect(recallIds(db, 'green')).toEqual([])
    expect(recallIds(db, 'sencha')).toEqual([approved])

    db.prepare('UPDATE memory_facts SET recall_suppressed = 1 WHERE id = ?').run(approved)
    expect(recallIds(db, 'sencha')).toEqual([])
    db.prepare("UPDATE memory_facts SET status = 'rejected' WHERE id = ?").run(pending)
    expect(recallIds(db, 'tea')).toEqual([])
  })

  it('never deletes facts or rewrites their history', () => {
    const db = migratedDb()
    const id = insertFact(db, 'Deploys go out on Tuesdays')
    db.prepare("INSERT INTO memory_fact_events (fact_id, kind, at) VALUES (?, 'created', 1)").run(id)
    expect(() => db.prepare('DELETE FROM memory_facts WHERE id = ?').run(id)).toThrow(/never deleted/)
    expect(() => db.prepare('DELETE FROM memory_fact_events').run()).toThrow(/append-only/)
    expect(() => db.prepare("UPDATE memory_fact_events SET kind = 'edited'").run()).toThrow(/append-only/)
  })

  it('rejects values outside the allowed statuses and types (STRICT + CHECK)', () => {
    const db = migratedDb()
    expect(() => insertFact(db, 'x', 'deleted')).toThrow(/CHECK constraint/)
    expect(() =>
      db
        .prepare(
          `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at)
           VALUES ('scribe', 'pending', 'gossip', 'user', 'x', 'retention', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK constraint/)
    expect(() =>
      db
        .prepare(
          `INSERT INTO memory_receipts (agent_id, target, path, changes, usage, origin, at) VALUES ('scribe', 'memory', 'p', '[]', '{}', 'tool', 'now')`
        )
        .run()
    ).toThrow(/cannot store TEXT/)
  })
})
