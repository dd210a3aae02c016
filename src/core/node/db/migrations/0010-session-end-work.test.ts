import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0010-session-end-work'

const insert = `INSERT INTO session_end_work (session_id, agent_id, hook, state, created_at) VALUES (?, 'scribe', ?, ?, 1)`

describe('migration 0010-session-end-work', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  function atPreviousVersion(): Database.Database {
    return databaseBefore(10)
  }

  it('records one row per session and hook, whatever the sessions table holds', () => {
    db = atPreviousVersion()
    up(db)
    db.prepare(insert).run('s1', 'retention', 'pending')
    db.prepare(insert).run('s1', 'nexus', 'running')
    expect(() => db.prepare(insert).run('s1', 'retention', 'pending')).toThrow(/UNIQUE/)
    expect(
      db
        .prepare("SELECT hook FROM session_end_work WHERE state IN ('pending', 'running') ORDER BY hook")
        .pluck()
        .all()
    ).toEqual(['nexus', 'retention'])
  })

  it('accepts only the four states', () => {
    db = atPreviousVersion()
    up(db)
    expect(() => db.prepare(insert).run('s1', 'retention', 'maybe')).toThrow(/CHECK constraint/)
  })
})
