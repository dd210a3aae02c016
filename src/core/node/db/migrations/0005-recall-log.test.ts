import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { up } from './0005-recall-log'

const insertRecall = `INSERT INTO memory_recalls (agent_id, session_id, turn_id, turn_index, provider, at) VALUES ('scribe', 's1', ?, ?, 'recall', 10)`
const insertItem = `INSERT INTO memory_recall_items (recall_id, position, kind, fact_id, slug, text, score) VALUES (?, ?, ?, ?, ?, ?, ?)`

describe('migration 0005-recall-log', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  /** A database at version 4 that already holds a receipt, as an existing home would. */
  function atPreviousVersion(): Database.Database {
    const database = new Database(':memory:')
    database.pragma('foreign_keys = ON')
    migrate(
      database,
      MIGRATIONS.filter((migration) => migration.version < 5)
    )
    database
      .prepare(
        `INSERT INTO memory_receipts (agent_id, session_id, target, path, changes, usage, origin, at) VALUES ('scribe', 's1', 'memory', 'p', '[]', '{}', 'tool', 5)`
      )
      .run()
    return database
  }

  it('keeps existing receipts (turn unknown) and lets new ones name their turn', () => {
    db = atPreviousVersion()
    up(db)
    expect(db.prepare('SELECT id, turn_id FROM memory_receipts').all()).toEqual([{ id: 1, turn_id: null }])
    db.prepare(
      `INSERT INTO memory_receipts (agent_id, session_id, turn_id, target, path, changes, usage, origin, at) VALUES ('scribe', 's1', 't_2', 'user', 'p', '[]', '{}', 'tool', 6)`
    ).run()
    expect(db.prepare('SELECT turn_id FROM memory_receipts ORDER BY id').pluck().all()).toEqual([null, 't_2'])
  })

  it('stores one recall per turn and provider, with its items in rank order', () => {
    db = atPreviousVersion()
    up(db)
    const recallId = Number(db.prepare(insertRecall).run('t_1', 0).lastInsertRowid)
    db.prepare(insertItem).run(recallId, 1, 'file', null, 'deploys', 'Deploy notes', 0.5)
    db.prepare(insertItem).run(recallId, 0, 'fact', 7, null, 'Deploys go out on Fridays', 1.25)
    const items = db
      .prepare(
        'SELECT kind, fact_id, slug, text, score FROM memory_recall_items WHERE recall_id = ? ORDER BY position'
      )
      .all(recallId)
    expect(items).toEqual([
      { kind: 'fact', fact_id: 7, slug: null, text: 'Deploys go out on Fridays', score: 1.25 },
      { kind: 'file', fact_id: null, slug: 'deploys', text: 'Deploy notes', score: 0.5 }
    ])
    expect(() => db.prepare(insertRecall).run('t_1', 0)).toThrow(/UNIQUE constraint/)
  })

  it('refuses rows that could not be shown or traced back (STRICT, CHECK, foreign key)', () => {
    db = atPreviousVersion()
    up(db)
    const recallId = Number(db.prepare(insertRecall).run('t_1', 0).lastInsertRowid)
    expect(() => db.prepare(insertRecall).run('t_2', -1)).toThrow(/CHECK constraint/)
    expect(() => db.prepare(insertRecall).run('t_3', 'first')).toThrow(/cannot store TEXT/)
    expect(() => db.prepare(insertItem).run(recallId, 0, 'fact', null, null, 'x', 1)).toThrow(
      /CHECK constraint/
    )
    expect(() => db.prepare(insertItem).run(recallId, 0, 'note', null, 'x', 'x', 1)).toThrow(
      /CHECK constraint/
    )
    expect(() => db.prepare(insertItem).run(999, 0, 'fact', 1, null, 'x', 1)).toThrow(/FOREIGN KEY/)
  })

  it('runs as part of the full migration list and leaves the database at the latest version', () => {
    db = new Database(':memory:')
    expect(migrate(db)).toEqual({ from: 0, to: MIGRATIONS.at(-1)?.version })
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'memory_recall%' ORDER BY name"
      )
      .pluck()
      .all()
    expect(tables).toEqual(['memory_recall_items', 'memory_recalls'])
  })
})
