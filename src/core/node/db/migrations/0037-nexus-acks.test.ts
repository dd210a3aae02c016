import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up as conflicts } from './0036-nexus-conflicts'
import { isApplied, up } from './0037-nexus-acks'

const DEVICE =
  "INSERT INTO nexus_entries (seq, id, origin, origin_seq, created_at, agent, channel, type, summary, prev_hash, hash, hash_format) VALUES (?, ?, 'dev', ?, 1, 'ella', 'cli', 'decision', 's', 'p', 'h', 2)"

describe('migration 0037-nexus-acks', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('starts awaiting acknowledgements after the entries already in the log', () => {
    db = databaseBefore(36)
    conflicts(db)
    for (const seq of [1, 2, 3]) db.prepare(DEVICE).run(seq, `id${seq}`, seq)
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    expect(
      db.prepare("SELECT seq FROM nexus_marks WHERE reader = '*' AND mark = 'acks-from'").pluck().get()
    ).toBe(3)
  })

  it('starts from the beginning in a new home, and keeps one dismissal per member and entry', () => {
    db = databaseBefore(36)
    conflicts(db)
    up(db)
    expect(db.prepare("SELECT seq FROM nexus_marks WHERE mark = 'acks-from'").pluck().get()).toBe(0)
    const dismiss = db.prepare(
      'INSERT INTO nexus_ack_dismissals (member, seq, dismissed_at) VALUES (?, ?, 1)'
    )
    dismiss.run('lyra', 4)
    expect(() => dismiss.run('lyra', 4)).toThrow(/UNIQUE|PRIMARY KEY/)
    expect(() => dismiss.run('lyra', 'four')).toThrow(/cannot store TEXT/)
  })
})
