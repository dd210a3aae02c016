import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { up } from './0014-turn-versions'

const insertSession = `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
  VALUES (?, 'scribe', 'm', 'anthropic', 'desktop', 'sys', '{}', '[]', 'h', 1, 1)`
const insertMessage = `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES (?, ?, ?, ?, '[]', '', 'complete', ?, ?)`
const insertTurn = `INSERT INTO turn_versions (turn_id, session_id, parent_turn_id, origin, source_turn_id, created_at) VALUES (?, 's1', ?, ?, ?, 9)`

describe('migration 0014-turn-versions', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  /** A database before this migration holding two linear sessions, as an existing home would. */
  function withLinearSessions(): Database.Database {
    const database = new Database(':memory:')
    database.pragma('foreign_keys = ON')
    migrate(
      database,
      MIGRATIONS.filter((migration) => migration.version < 14)
    )
    database.prepare(insertSession).run('s1')
    database.prepare(insertSession).run('s2')
    const add = database.prepare(insertMessage)
    add.run('s1', 't_a', 'user', 'text', 1, 1)
    add.run('s1', 't_a', 'assistant', 'reply', 2, 2)
    add.run('s2', 't_x', 'user', 'text', 3, 3)
    add.run('s1', 't_b', 'user', 'text', 4, 4)
    add.run('s1', 't_b', 'assistant', 'reply', 5, 5)
    add.run('s1', 't_b', 'user', 'tool_results', 6, 6)
    return database
  }

  it('links the turns of existing sessions in stored order and points each head at its last turn', () => {
    db = withLinearSessions()
    up(db)
    const rows = db
      .prepare(
        'SELECT turn_id, session_id, parent_turn_id, origin, source_turn_id, created_at FROM turn_versions ORDER BY created_at'
      )
      .all()
    expect(rows).toEqual([
      {
        turn_id: 't_a',
        session_id: 's1',
        parent_turn_id: null,
        origin: 'send',
        source_turn_id: null,
        created_at: 1
      },
      {
        turn_id: 't_x',
        session_id: 's2',
        parent_turn_id: null,
        origin: 'send',
        source_turn_id: null,
        created_at: 3
      },
      {
        turn_id: 't_b',
        session_id: 's1',
        parent_turn_id: 't_a',
        origin: 'send',
        source_turn_id: null,
        created_at: 4
      }
    ])
    expect(db.prepare('SELECT id, head_turn_id FROM sessions ORDER BY id').all()).toEqual([
      { id: 's1', head_turn_id: 't_b' },
      { id: 's2', head_turn_id: 't_x' }
    ])
  })

  it('refuses versions that could not be traced (origin without source, unknown origin, STRICT, orphan session)', () => {
    db = withLinearSessions()
    up(db)
    db.prepare(insertTurn).run('t_b2', 't_a', 'regenerate', 't_b')
    expect(() => db.prepare(insertTurn).run('t_c', 't_b', 'edit', null)).toThrow(/CHECK constraint/)
    expect(() => db.prepare(insertTurn).run('t_d', 't_b', 'send', 't_a')).toThrow(/CHECK constraint/)
    expect(() => db.prepare(insertTurn).run('t_e', 't_b', 'merge', 't_a')).toThrow(/CHECK constraint/)
    expect(() =>
      db.prepare("INSERT INTO turn_versions VALUES ('t_f', 's1', NULL, 'send', NULL, 'soon')").run()
    ).toThrow(/cannot store TEXT/)
    expect(() =>
      db.prepare("INSERT INTO turn_versions VALUES ('t_g', 'nope', NULL, 'send', NULL, 1)").run()
    ).toThrow(/FOREIGN KEY/)
    db.prepare("DELETE FROM sessions WHERE id = 's1'").run()
    expect(db.prepare("SELECT COUNT(*) FROM turn_versions WHERE session_id = 's1'").pluck().get()).toBe(0)
  })

  it('runs as part of the full migration list', () => {
    db = new Database(':memory:')
    expect(migrate(db).to).toBe(MIGRATIONS.at(-1)?.version)
    expect(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'turn_versions'")
        .pluck()
        .get()
    ).toBe('turn_versions')
  })
})
