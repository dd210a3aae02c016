import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { up } from './0001-agents'

describe('0001-agents', () => {
  it('creates a STRICT agents table that rejects wrong types', () => {
    const db = new Database(':memory:')
    up(db)
    db.prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?)').run('scribe', 'Scribe', 1)
    expect(db.prepare('SELECT id, name, created_at, deleted_at FROM agents').get()).toEqual({
      id: 'scribe',
      name: 'Scribe',
      created_at: 1,
      deleted_at: null
    })
    expect(() =>
      db.prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?)').run('x', 'X', 'yesterday')
    ).toThrow(/cannot store TEXT/)
    expect(() =>
      db.prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?)').run('scribe', 'Again', 2)
    ).toThrow(/UNIQUE/)
  })
})
