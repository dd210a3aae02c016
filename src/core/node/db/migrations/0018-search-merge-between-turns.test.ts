import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0018-search-merge-between-turns'

describe('migration 0018-search-merge-between-turns', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  const automerge = (index: string): unknown =>
    db.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).pluck().get()

  it('turns off merging inside a message commit for both transcript indexes, and nothing else', () => {
    db = databaseBefore(18)
    expect(automerge('messages_fts')).toBeUndefined()
    up(db)
    expect([automerge('messages_fts'), automerge('messages_fts_trigram')]).toEqual([0, 0])
    expect(db.prepare("SELECT v FROM recall_fts_config WHERE k = 'automerge'").pluck().get()).toBeUndefined()
  })
})
