import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate'

describe('0067 knowledge scope', () => {
  it('checks a match against the searcher’s scope from an index, never the item’s row with its text', () => {
    const db = new Database(':memory:')
    migrate(db)
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT i.id FROM knowledge_fts JOIN knowledge_items i INDEXED BY knowledge_items_scope
         ON i.id = knowledge_fts.rowid WHERE knowledge_fts MATCH ? AND i.audience = 'everyone' AND i.kind IN ('fact', 'memory_file')
         ORDER BY bm25(knowledge_fts), i.ts DESC LIMIT 8`
      )
      .all('"port"') as { detail: string }[]
    expect(plan.map((row) => row.detail).join('; ')).toContain('USING COVERING INDEX knowledge_items_scope')
  })
})
