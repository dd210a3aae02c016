import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'

describe('0065 user turn starts', () => {
  it('walks an agent’s newest user turns on an index of user turns alone, never the messages themselves', () => {
    const db = new Database(':memory:')
    migrate(db)
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT m.created_at, m.session_id FROM messages m
         WHERE m.role = 'user' AND m.kind = 'text' AND (SELECT s.agent_id FROM sessions s WHERE s.id = m.session_id) = ?
         ORDER BY m.id DESC LIMIT ?`
      )
      .all('ella', 41) as { detail: string }[]
    const details = plan.map((row) => row.detail)
    expect(details[0]).toBe('SCAN m USING COVERING INDEX messages_user_turns')
    expect(details.join('; ')).not.toContain('TEMP B-TREE')
  })
})
