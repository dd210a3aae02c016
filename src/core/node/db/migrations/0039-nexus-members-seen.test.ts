import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { isApplied, up } from './0039-nexus-members-seen'

describe('migration 0039-nexus-members-seen', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('keeps one last-seen row per member with its transport', () => {
    db = databaseBefore(39)
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    const seen = db.prepare(
      'INSERT INTO nexus_members_seen (member, last_seen_at, client_name, transport) VALUES (?, 1, ?, ?)'
    )
    seen.run('lyra', 'mcp', 'stdio')
    expect(() => seen.run('lyra', 'mcp', 'http')).toThrow(/UNIQUE|PRIMARY KEY/)
    expect(() => seen.run('nova', 'mcp', 'pigeon')).toThrow(/CHECK constraint/)
  })
})
