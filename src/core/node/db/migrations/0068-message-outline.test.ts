import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0068-message-outline'

describe('migration 0068-message-outline', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it("outlines a chat's messages in order from the index alone, reading none of their rows", () => {
    db = databaseBefore(68)
    up(db)
    const plan = (
      db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT id, turn_id, role, kind, status, in_context FROM messages INDEXED BY messages_outline WHERE session_id = ? ORDER BY id'
        )
        .all('s1') as { detail: string }[]
    ).map((row) => row.detail)
    expect(plan.join('; ')).toBe('SEARCH messages USING COVERING INDEX messages_outline (session_id=?)')
  })
})
