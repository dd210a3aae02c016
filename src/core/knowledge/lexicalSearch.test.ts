import { afterEach, describe, expect, it } from 'vitest'
import type { KnowledgeKind } from '../../shared/contract'
import { LexicalSearch } from './lexicalSearch'
import { scopeSql, type SearchScope } from './searchScope'
import { knowledgeHome, OTHER, SCRIBE, type KnowledgeHome } from './testing/knowledgeHome'

let home: KnowledgeHome | undefined
afterEach(() => home?.dispose())

/** Every match in scope ranked by one query: what the prefiltered ranking must equal. */
function reference(h: KnowledgeHome, word: string, scope: SearchScope, limit: number): number[] {
  const where = scopeSql(scope)
  return (
    h.core.internals.db
      .prepare(
        `SELECT i.id AS id FROM knowledge_fts JOIN knowledge_items i ON i.id = knowledge_fts.rowid
          WHERE knowledge_fts MATCH ? AND ${where.sql} ORDER BY bm25(knowledge_fts, 2.0, 1.0), i.ts DESC LIMIT ?`
      )
      .all(`"${word}"`, ...where.params, limit) as { id: number }[]
  ).map((row) => row.id)
}

describe('words ranked in scope', () => {
  it('gives the same best items as ranking every match in scope, for broad and narrow scopes alike', () => {
    home = knowledgeHome()
    // Distinct lengths give distinct scores; the scribe holds few of the matches, the other agent most.
    for (let i = 0; i < 240; i++) home.fact(`orchard ${'pruning '.repeat(i)}note ${i}`, OTHER)
    for (let i = 0; i < 7; i++) home.fact(`orchard ladder ${'rung '.repeat(i * 3)}check ${i}`)
    home.core.services.knowledge.indexPending()
    const lexical = new LexicalSearch(home.core.internals.db)
    const facts: KnowledgeKind[] = ['fact']
    const scopes: SearchScope[] = [
      {},
      { agentId: SCRIBE },
      { agentId: OTHER, kinds: facts },
      { publicOnly: true }
    ]
    // Twice each: the second search in a narrow scope skips the prefilter, and must agree too.
    for (const round of [1, 2])
      for (const scope of scopes)
        for (const limit of [5, 50]) {
          const found = lexical.search('orchard', scope, limit).words
          expect(found, `${JSON.stringify(scope)} limit ${limit}, round ${round}`).toEqual(
            reference(home, 'orchard', scope, limit)
          )
        }
    expect(lexical.search('orchard', { agentId: SCRIBE }, 5).words).toHaveLength(5)
    expect(lexical.search('orchard', { publicOnly: true }, 5).words).toEqual([])
  })
})

describe('a word most items hold', () => {
  it('ranks only the newest matches, widening until the scope has enough, and says which word', () => {
    home = knowledgeHome()
    // The scribe's facts are the oldest; six hundred newer ones hold the same word.
    for (let i = 0; i < 12; i++) home.fact(`meadow ${'grass '.repeat(i)}scribe ${i}`)
    for (let i = 0; i < 600; i++) home.fact(`meadow ${'clover '.repeat(i % 40)}other ${i}`, OTHER)
    for (let i = 0; i < 7; i++) home.fact(`meadow ladder ${'rung '.repeat(i)}check ${i}`, OTHER)
    home.core.services.knowledge.indexPending()
    const db = home.core.internals.db
    const lexical = new LexicalSearch(db)
    const newest = db.prepare('SELECT max(id) FROM knowledge_items').pluck().get() as number
    const everything = lexical.search('meadow', {}, 10)
    // 619 items hold it; counting stops at the common-word share (401 of 619 items), and says so.
    expect(everything.newestOnly).toEqual({ word: 'meadow', items: 401, estimated: true })
    // The newest window (every item holds the word: 400 items) ranked as a full ranking would rank it.
    const windowed = (
      db
        .prepare(
          `SELECT rowid AS id FROM knowledge_fts WHERE knowledge_fts MATCH '"meadow"' AND rowid > ?
            ORDER BY bm25(knowledge_fts, 2.0, 1.0), rowid DESC LIMIT 10`
        )
        .all(newest - 400) as { id: number }[]
    ).map((row) => row.id)
    expect(everything.words).toEqual(windowed)
    expect(everything.words).not.toEqual(reference(home, 'meadow', {}, 10))
    // The scribe's twelve are outside that window: it widens until it reaches them.
    const scribe = lexical.search('meadow', { agentId: SCRIBE, kinds: ['fact'] }, 50)
    expect(scribe.words).toEqual(reference(home, 'meadow', { agentId: SCRIBE, kinds: ['fact'] }, 50))
    expect(scribe.words).toHaveLength(12)
    // A rare word beside it: every match is ranked, as before.
    const rare = lexical.search('meadow ladder', {}, 10)
    expect(rare.newestOnly).toBeNull()
    expect(rare.words.slice(0, 7).sort()).toEqual(
      (
        db
          .prepare(`SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH '"ladder"'`)
          .pluck()
          .all() as number[]
      ).sort()
    )
  })
})

describe('recall’s own index', () => {
  it('counts a word among facts and memory files, so a word chats are full of still ranks a fact', () => {
    home = knowledgeHome()
    const db = home.core.internals.db
    // A year of chats says "garden" thousands of times: past the budget of matches a query may cost.
    const message = db.prepare(
      `INSERT INTO knowledge_items (kind, ref, audience, agent_id, ts, title, text, hash)
       VALUES ('message', ?, 'agent', ?, 1, 'chat', ?, 'h')`
    )
    db.transaction(() => {
      for (let i = 0; i < 2100; i++) message.run(`m${i}`, SCRIBE, `the garden needs water ${i}`)
    })()
    const fact = home.fact('the garden hose leaks at the outside tap')
    home.fact('a hose clamp is in the shed')
    home.fact('the hose reel was moved')
    home.core.services.knowledge.indexPending()
    const both = db
      .prepare("SELECT id FROM knowledge_items WHERE kind = 'fact' AND ref = ?")
      .pluck()
      .get(String(fact)) as number
    const lexical = new LexicalSearch(db)

    // Over everything, "garden" is dropped (the rarer "hose" alone is ranked): the fact holding
    // both words is one of three equals. Over facts and memory files both words count.
    const recall = lexical.search('garden hose', { agentId: SCRIBE, kinds: ['fact', 'memory_file'] }, 3)
    expect(recall.words[0]).toBe(both)
    expect(recall.words).toHaveLength(3)
    const everything = lexical.search('garden hose', { agentId: SCRIBE }, 3)
    expect(new Set(everything.words).has(both)).toBe(true)
    // Its matches are facts alone: no chat message is looked at to be thrown away.
    expect(lexical.search('garden', { agentId: SCRIBE, kinds: ['fact'] }, 10).words).toEqual([both])
    // A word only chats hold is a word, found in no fact; a piece of a word is searched as one.
    const recallScope = { agentId: SCRIBE, kinds: ['fact', 'memory_file'] as KnowledgeKind[] }
    expect(lexical.search('water', recallScope, 3)).toMatchObject({ words: [], partialWords: [] })
    expect(lexical.search('gard', recallScope, 3).partialWords).toEqual(['gard'])
  })
})
