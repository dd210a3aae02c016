import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0064-knowledge-kind-order'

describe('migration 0064-knowledge-kind-order', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it("finds a kind's oldest and newest item by seeking the index, not reading the kind's items", () => {
    db = databaseBefore(64)
    up(db)
    for (const order of ['ASC', 'DESC']) {
      const plan = (
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT id FROM knowledge_items WHERE kind = ? ORDER BY id ${order} LIMIT 1`
          )
          .all('fact') as { detail: string }[]
      ).map((row) => row.detail)
      expect(plan.join('; ')).toBe(
        'SEARCH knowledge_items USING COVERING INDEX knowledge_items_by_kind (kind=?)'
      )
    }
  })
})
