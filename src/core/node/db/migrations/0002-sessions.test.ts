import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { up as upAgents } from './0001-agents'
import { up } from './0002-sessions'

function migratedDb(): Database.Database {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  upAgents(db)
  db.prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?)').run('scribe', 'Scribe', 1)
  up(db)
  return db
}

function insertSession(db: Database.Database, id: string): void {
  db.prepare(
    `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
     VALUES (?, 'scribe', NULL, 'claude-sonnet-5-5', 'anthropic', 'cli', 'You are Scribe.', '{}', '[]', 'h', 1, 1)`
  ).run(id)
}

function insertMessage(db: Database.Database, sessionId: string, text: string, status = 'complete'): number {
  const content = JSON.stringify([{ type: 'text', text }])
  const result = db
    .prepare(
      `INSERT INTO messages (session_id, turn_id, role, content, search_text, status, created_at, updated_at)
       VALUES (?, 't1', 'user', ?, ?, ?, 2, 2)`
    )
    .run(sessionId, content, text, status)
  return Number(result.lastInsertRowid)
}

describe('0002-sessions', () => {
  it('stores a session with its messages and keeps both FTS indexes in step with inserts, updates and deletes', () => {
    const db = migratedDb()
    insertSession(db, 's1')
    const id = insertMessage(db, 's1', 'The quarterly forecast uses sqlite')
    insertMessage(db, 's1', 'Something else entirely')
    const words = db.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'forecast'").all()
    expect(words).toEqual([{ rowid: id }])
    const substring = db
      .prepare("SELECT rowid FROM messages_fts_trigram WHERE messages_fts_trigram MATCH 'arterl'")
      .all()
    expect(substring).toEqual([{ rowid: id }])

    db.prepare("UPDATE messages SET search_text = 'renamed budget' WHERE id = ?").run(id)
    expect(db.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'forecast'").all()).toEqual([])
    expect(db.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'budget'").all()).toEqual([
      { rowid: id }
    ])

    db.prepare('DELETE FROM messages WHERE id = ?').run(id)
    expect(db.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'budget'").all()).toEqual([])
    expect(
      db
        .prepare("SELECT count(*) AS n FROM messages_fts_trigram WHERE messages_fts_trigram MATCH 'else'")
        .get()
    ).toEqual({ n: 1 })
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('rejects wrong types, unknown statuses and messages of a missing session', () => {
    const db = migratedDb()
    insertSession(db, 's1')
    expect(() => insertMessage(db, 's1', 'x', 'finished')).toThrow(/CHECK constraint/)
    expect(() => insertMessage(db, 'nope', 'x')).toThrow(/FOREIGN KEY/)
    expect(() => db.prepare(`UPDATE sessions SET started_at = 'yesterday' WHERE id = 's1'`).run()).toThrow(
      /cannot store TEXT/
    )
  })

  it('records api calls and prompt versions, removed with their session', () => {
    const db = migratedDb()
    insertSession(db, 's1')
    db.prepare(
      `INSERT INTO session_prompts (session_id, version, text, report, reason, created_at) VALUES ('s1', 1, 'p', '{}', 'new', 1)`
    ).run()
    db.prepare(
      `INSERT INTO api_calls (session_id, turn_id, iteration, model, prompt_version, request, sections, status, started_at)
       VALUES ('s1', 't1', 0, 'm', 1, '{}', '{}', 'ok', 5)`
    ).run()
    expect(() =>
      db
        .prepare(
          `INSERT INTO api_calls (session_id, turn_id, iteration, model, prompt_version, request, sections, status, started_at)
         VALUES ('s1', 't1', 1, 'm', 1, '{}', '{}', 'maybe', 5)`
        )
        .run()
    ).toThrow(/CHECK constraint/)
    db.prepare("DELETE FROM sessions WHERE id = 's1'").run()
    expect(db.prepare('SELECT count(*) AS n FROM api_calls').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM session_prompts').get()).toEqual({ n: 0 })
  })
})
