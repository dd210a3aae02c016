import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { isApplied, up } from './0038-nexus-turn-entries'

describe('migration 0038-nexus-turn-entries', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('holds one entry per turn and says who wrote it', () => {
    db = databaseBefore(38)
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    const link = db.prepare(
      "INSERT INTO nexus_turn_entries (turn_id, session_id, agent, seq, source, created_at) VALUES (?, 's_1', 'ella', ?, ?, 1)"
    )
    link.run('t_1', 4, 'auto')
    expect(() => link.run('t_1', 5, 'model')).toThrow(/UNIQUE|PRIMARY KEY/)
    expect(() => link.run('t_2', 5, 'guessed')).toThrow(/CHECK constraint/)
    expect(() => link.run('t_3', 6, 'marked')).not.toThrow()
  })
})
