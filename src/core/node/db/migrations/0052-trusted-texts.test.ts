import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'
import { isApplied } from './0052-trusted-texts'

describe('0052 trusted texts', () => {
  it('keeps one row per agent, file and hash, and refuses a file it does not know', () => {
    const db = new Database(':memory:')
    migrate(db)
    expect(isApplied(db)).toBe(true)
    const insert = db.prepare(
      'INSERT INTO trusted_texts (agent_id, file, hash, trusted_at) VALUES (?, ?, ?, 1)'
    )
    insert.run('ada', 'soul', 'h1')
    insert.run('', 'user', 'h1')
    expect(() => insert.run('ada', 'soul', 'h1')).toThrow(/UNIQUE|PRIMARY KEY/)
    expect(() => insert.run('ada', 'rules', 'h2')).toThrow(/CHECK constraint failed/)
    expect(db.prepare('SELECT count(*) FROM trusted_texts').pluck().get()).toBe(2)
  })
})
