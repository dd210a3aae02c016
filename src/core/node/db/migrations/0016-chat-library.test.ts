import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { isApplied, up } from './0016-chat-library'

const insertSession = `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, title, started_at, updated_at)
  VALUES (?, 'scribe', NULL, 'm', 'anthropic', 'cli', 'sys', '{}', '[]', 'h', ?, 1, 2)`

describe('migration 0016-chat-library', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  function atPreviousVersion(): Database.Database {
    return databaseBefore(16)
  }

  it('keeps existing chats live, unpinned and titled by their first message', () => {
    db = atPreviousVersion()
    db.prepare(insertSession).run('s_old', 'plan the garden')
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    expect(db.prepare('SELECT title, title_source, pinned_at, deleted_at FROM sessions').get()).toEqual({
      title: 'plan the garden',
      title_source: 'first-message',
      pinned_at: null,
      deleted_at: null
    })
  })

  it('holds title_source to its three values and the new columns to integers', () => {
    db = atPreviousVersion()
    up(db)
    db.prepare(insertSession).run('s_1', 'x')
    const update = (sql: string, value: unknown): unknown => db.prepare(sql).run(value, 's_1')
    expect(() => update('UPDATE sessions SET title_source = ? WHERE id = ?', 'user')).not.toThrow()
    expect(() => update('UPDATE sessions SET title_source = ? WHERE id = ?', 'guessed')).toThrow(
      /CHECK constraint/
    )
    expect(() => update('UPDATE sessions SET pinned_at = ? WHERE id = ?', 'soon')).toThrow(
      /cannot store TEXT/
    )
    expect(() => update('UPDATE sessions SET deleted_at = ? WHERE id = ?', 5)).not.toThrow()
  })

  it('runs as part of the full migration list, also for a database already past 16 without it', () => {
    db = atPreviousVersion()
    db.pragma('user_version = 17')
    migrate(db, [...MIGRATIONS.filter((m) => m.version <= 16), { version: 17, name: 'later', up: () => {} }])
    expect(isApplied(db)).toBe(true)
    const fresh = new Database(':memory:')
    expect(migrate(fresh).to).toBe(MIGRATIONS.at(-1)?.version)
    expect(isApplied(fresh)).toBe(true)
    fresh.close()
  })
})
