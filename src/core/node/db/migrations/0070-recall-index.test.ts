import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0070-recall-index'

describe('migration 0070-recall-index', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  const item = (kind: string, ref: string, text: string): number =>
    Number(
      db
        .prepare(
          `INSERT INTO knowledge_items (kind, ref, audience, agent_id, ts, title, text, hash)
           VALUES (?, ?, 'agent', 'scribe', 1, 't', ?, 'h')`
        )
        .run(kind, ref, text).lastInsertRowid
    )
  const recalled = (word: string): number[] =>
    db
      .prepare('SELECT rowid FROM knowledge_recall_fts WHERE knowledge_recall_fts MATCH ? ORDER BY rowid')
      .pluck()
      .all(`"${word}"`) as number[]

  it('indexes the facts and memory files already there, and follows every later change', () => {
    db = databaseBefore(70)
    const fact = item('fact', '1', 'the kettle descaler is under the sink')
    const file = item('memory_file', 'memory/kitchen.md', 'kettle notes')
    item('message', '7', 'a kettle in a chat message')
    up(db)
    expect(recalled('kettle')).toEqual([fact, file])

    // Later writes, through the items' own triggers: a new fact, a message (never), an edit, a removal.
    const later = item('fact', '2', 'buy a new kettle')
    item('message', '8', 'kettle again in chat')
    expect(recalled('kettle')).toEqual([fact, file, later])
    db.prepare("UPDATE knowledge_items SET text = 'the descaler is under the sink' WHERE id = ?").run(fact)
    expect(recalled('kettle')).toEqual([file, later])
    expect(recalled('descaler')).toEqual([fact])
    db.prepare('DELETE FROM knowledge_items WHERE id = ?').run(file)
    expect(recalled('kettle')).toEqual([later])
    // Every item a word index of everything holds is still there.
    expect(
      db.prepare(`SELECT count(*) FROM knowledge_fts WHERE knowledge_fts MATCH '"kettle"'`).pluck().get()
    ).toBe(3)
  })
})
