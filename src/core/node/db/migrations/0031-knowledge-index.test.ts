import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { KnowledgeKind } from '../../../../shared/contract/knowledge'
import { databaseBefore } from '../testing/databaseBefore'
import { KNOWLEDGE_KINDS_0031, up } from './0031-knowledge-index'

describe('migration 0031-knowledge-index', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('holds the contract’s kinds in its CHECK lists', () => {
    expect([...KNOWLEDGE_KINDS_0031]).toEqual(KnowledgeKind.options)
  })

  it('drops the memory bank’s own recall index and notes changed facts and messages in the outbox', () => {
    db = databaseBefore(31)
    up(db)
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
      .pluck()
      .all()
    expect(tables).not.toContain('recall_fts')
    expect(tables).not.toContain('memory_facts_recall_insert')
    db.prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at)
       VALUES ('scribe', 'approved', 'user_fact', 'user', 'x', 'user', 1, 1)`
    ).run()
    db.prepare(
      `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
       VALUES ('s1', 'scribe', 'm', 'anthropic', 'cli', '', '{}', '[]', '', 1, 1)`
    ).run()
    const message = db
      .prepare(
        `INSERT INTO messages (session_id, turn_id, role, content, search_text, status, created_at, updated_at)
         VALUES ('s1', 't1', 'user', '[]', 'hello', 'complete', 1, 1)`
      )
      .run().lastInsertRowid
    db.prepare('UPDATE memory_facts SET text = ? WHERE id = 1').run('y')
    db.prepare('DELETE FROM messages WHERE id = ?').run(message)
    expect(db.prepare('SELECT kind, key FROM knowledge_outbox ORDER BY kind').all()).toEqual([
      { kind: 'fact', key: 1 },
      { kind: 'message', key: Number(message) }
    ])
  })

  it('keeps both full-text indexes in step with the items, and a changed item loses nothing else', () => {
    db = databaseBefore(31)
    up(db)
    db.prepare(
      `INSERT INTO knowledge_items (kind, ref, audience, ts, title, heading, text, hash)
       VALUES ('wiki', 'nexus/wiki/a.md', 'user', 1, 'Ada', 'Ada', 'Ada Lovelace wrote notes', 'h')`
    ).run()
    const words = (q: string): unknown[] =>
      db.prepare('SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH ?').pluck().all(q)
    const grams = (q: string): unknown[] =>
      db.prepare('SELECT rowid FROM knowledge_trigram WHERE knowledge_trigram MATCH ?').pluck().all(q)
    expect([words('lovelace'), grams('"ovela"')]).toEqual([[1], [1]])
    db.prepare("UPDATE knowledge_items SET text = 'Babbage built engines' WHERE id = 1").run()
    expect([words('lovelace'), words('babbage'), grams('"bbag"')]).toEqual([[], [1], [1]])
    db.prepare('DELETE FROM knowledge_items').run()
    expect(words('babbage')).toEqual([])
  })
})
