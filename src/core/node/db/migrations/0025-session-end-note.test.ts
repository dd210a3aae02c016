import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { isApplied, up } from './0025-session-end-note'

describe('migration 0025-session-end-note', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  const insertSession = (id: string): void => {
    db.prepare(
      `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at, ended_at)
       VALUES (?, 'scribe', 'm', 'anthropic', 'linux', 'p', '{}', '[]', 'h', 1, 1, 2)`
    ).run(id)
  }

  it('adds the end reason and the skip note, NULL for sessions that ended before', () => {
    db = databaseBefore(25)
    insertSession('s-old')
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    expect(db.prepare("SELECT end_reason, end_skipped FROM sessions WHERE id = 's-old'").get()).toEqual({
      end_reason: null,
      end_skipped: null
    })
    db.prepare("UPDATE sessions SET end_reason = 'quit', end_skipped = 'no reply' WHERE id = 's-old'").run()
    expect(() => db.prepare("UPDATE sessions SET end_reason = 'crash' WHERE id = 's-old'").run()).toThrow(
      /CHECK constraint/
    )
  })

  it('runs as part of the full migration list', () => {
    db = new Database(':memory:')
    expect(migrate(db).to).toBe(MIGRATIONS.at(-1)?.version)
    expect(isApplied(db)).toBe(true)
  })
})
