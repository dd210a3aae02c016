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
