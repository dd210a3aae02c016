import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'

/** A database at the version before the import migrations, with the foreign keys the app runs with. */
function databaseBefore(): Database.Database {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 40)
  )
  return db
}

function insertFact(db: Database.Database, text: string, origin: string): number {
  const result = db
    .prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at) VALUES ('scribe', 'approved', 'preference', 'user', ?, ?, 1, 1)`
    )
    .run(text, origin)
  return Number(result.lastInsertRowid)
}

describe('0040–0042 imports', () => {
  it('widens the fact origins to import, keeping ids, history, every index and trigger', () => {
    const db = databaseBefore()
    const id = insertFact(db, 'The user brews green tea', 'retention')
    db.prepare(
      "INSERT INTO memory_fact_events (fact_id, kind, detail, at) VALUES (?, 'created', '{}', 1)"
    ).run(id)
    migrate(db)
    expect(db.prepare('SELECT id, text, origin, import_id, provenance FROM memory_facts').all()).toEqual([
      { id, text: 'The user brews green tea', origin: 'retention', import_id: null, provenance: null }
    ])
    const imported = db
      .prepare(
        `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, import_id, provenance, created_at, updated_at)
         VALUES ('scribe', 'pending', 'user_fact', 'user', 'Lives in Lyon', 'import', 'imp_1', '{"file":"USER.md","line":3}', 2, 2)`
      )
      .run()
    expect(Number(imported.lastInsertRowid)).toBe(id + 1)
    expect(() => db.prepare("UPDATE memory_facts SET origin = 'elsewhere' WHERE id = ?").run(id)).toThrow(
      /CHECK constraint failed/
    )
    expect(() => db.prepare('DELETE FROM memory_facts WHERE id = ?').run(id)).toThrow(/never deleted/)
    expect(db.prepare('SELECT count(*) FROM memory_fact_events').pluck().get()).toBe(1)
  })

  it('marks sessions with their import and keeps one hash per imported item', () => {
    const db = databaseBefore()
    migrate(db)
    const columns = db.prepare("SELECT name FROM pragma_table_info('sessions')").pluck().all()
    expect(columns).toEqual(expect.arrayContaining(['import_id', 'import_source']))
    db.prepare(
      "INSERT INTO import_runs (id, source, path, agent_id, report, started_at, finished_at) VALUES ('imp_1', 'hermes', '/h', 'a', '{}', 1, 2)"
    ).run()
    const item = db.prepare(
      "INSERT INTO import_items (hash, import_id, kind, ref) VALUES ('h1', 'imp_1', 'session', 'state.db#1')"
    )
    item.run()
    expect(() => item.run()).toThrow(/UNIQUE/)
    expect(() =>
      db
        .prepare(
          "INSERT INTO import_runs (id, source, path, agent_id, report, started_at, finished_at) VALUES ('imp_2', 'gemini', '/g', 'a', '{}', 1, 2)"
        )
        .run()
    ).toThrow(/CHECK/)
  })
})
