import { afterEach, describe, expect, it } from 'vitest'
import { QueryTerms } from './queryTerms'
import { knowledgeHome, type KnowledgeHome } from './testing/knowledgeHome'

let home: KnowledgeHome | undefined
afterEach(() => home?.dispose())

describe('how many items hold a word', () => {
  it('counts up to the cap, and estimates a commoner word from where its cap-th item sits', () => {
    home = knowledgeHome()
    // "lantern" in every other item, "ember" in three: 80 items in all.
    for (let i = 0; i < 80; i++)
      home.fact(`${i % 2 === 0 ? 'lantern' : 'wick'} ${i < 3 ? 'ember' : 'ash'} ${i}`)
    home.core.services.knowledge.indexPending()
    const db = home.core.internals.db
    const lastId = db.prepare('SELECT max(id) FROM knowledge_items').pluck().get() as number
    const terms = new QueryTerms(db, () => ({ cap: 10, lastId }))
    const stem = (word: string): string => terms.terms(word)[0]?.stem ?? ''
    expect(terms.count(stem('ember'))).toEqual({ doc: 3, estimated: false })
    const lantern = terms.count(stem('lantern'))
    expect(lantern.estimated).toBe(true)
    expect(lantern.doc).toBeGreaterThanOrEqual(38)
    expect(lantern.doc).toBeLessThanOrEqual(42)
    // A term no query word named is counted from the vocabulary instead, to the same figures.
    const fresh = new QueryTerms(db, () => ({ cap: 10, lastId }))
    expect(fresh.count('ember')).toEqual({ doc: 3, estimated: false })
    expect(fresh.count('lantern')).toEqual(lantern)
    expect(terms.documentFrequency(stem('zeppelin'), true)).toBe(0)
    expect(terms.documentFrequency(stem('zeppelin'))).toBe(1)
  })
})
