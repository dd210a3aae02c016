import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0009-writer-identity'

describe('migration 0009-writer-identity', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  /** A database before this version with a reply still streaming (a pid only, as it was written). */
  function atPreviousVersion(): Database.Database {
    const database = databaseBefore(9)
    database.prepare("INSERT INTO agents (id, name, created_at) VALUES ('scribe', 'Scribe', 1)").run()
    database
      .prepare(
        `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
         VALUES ('s1', 'scribe', NULL, 'm', 'anthropic', 'cli', 'p', '{}', '[]', 'h', 1, 1)`
      )
      .run()
    database
      .prepare(
        `INSERT INTO messages (session_id, turn_id, role, content, search_text, status, writer_pid, created_at, updated_at) VALUES ('s1', 't1', 'assistant', '[]', '', 'streaming', 4242, 2, 2)`
      )
      .run()
    return database
  }

  it('keeps streaming rows (start time unknown) and lets new rows name their writer by pid and start time', () => {
    db = atPreviousVersion()
    up(db)
    expect(db.prepare('SELECT writer_pid, writer_started, status FROM messages').all()).toEqual([
      { writer_pid: 4242, writer_started: null, status: 'streaming' }
    ])
    db.prepare("UPDATE messages SET writer_started = '123456' WHERE id = 1").run()
    expect(db.prepare('SELECT writer_started FROM messages').pluck().get()).toBe('123456')
    db.prepare(
      `INSERT INTO api_calls (session_id, turn_id, iteration, purpose, model, prompt_version, request, sections, status, writer_pid, writer_started, started_at)
       VALUES ('s1', 't1', 0, 'turn', 'm', 1, '{}', '{}', 'streaming', 7, '99', 3)`
    ).run()
    expect(db.prepare('SELECT writer_pid, writer_started FROM api_calls').get()).toEqual({
      writer_pid: 7,
      writer_started: '99'
    })
  })

  it('is STRICT about the new columns: a start time is text', () => {
    db = atPreviousVersion()
    up(db)
    expect(() => db.prepare("UPDATE messages SET writer_started = x'00' WHERE id = 1").run()).toThrow(
      /cannot store BLOB/
    )
  })
})
