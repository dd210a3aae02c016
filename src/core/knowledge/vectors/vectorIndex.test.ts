import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../createCore'
import { fakeEmbedding } from '../../../../tests/fakeEmbeddings/fakeEmbedding'
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../../tests/fakeEmbeddings/server'
import { insertApprovedFact } from '../../memory/testing/approvedFact'
import { knowledgeHome, OTHER, SCRIBE, type KnowledgeHome } from '../testing/knowledgeHome'
import { unit } from './quantize'
import { LOAD_AFTER_SQL } from './vectorIndex'

let home: KnowledgeHome | undefined
let second: Core | undefined
let fake: FakeEmbeddings | undefined
afterEach(async () => {
  second?.dispose()
  home?.dispose()
  await fake?.close()
  second = undefined
})

async function embedded(texts: readonly (readonly [string, typeof SCRIBE])[]): Promise<number[]> {
  fake = await startFakeEmbeddings()
  home = knowledgeHome()
  const ids = texts.map(([text, agent]) => home!.fact(text, agent))
  const knowledge = home.core.services.knowledge
  await knowledge.configureEmbeddings({ baseUrl: fake.url, model: 'fake-768' })
  knowledge.indexPending()
  await knowledge.embedPending()
  return ids
}

function itemIds(core: Core, text: string, scope = {}): number[] {
  const query = unit(fakeEmbedding(text, 768)) as Float32Array
  return core.services.knowledge.vectors.search(query, 10, scope).map((hit) => hit.id)
}

function itemOf(core: Core, factId: number): number {
  const row = core.internals.db
    .prepare("SELECT id FROM knowledge_items WHERE kind = 'fact' AND ref = ?")
    .get(String(factId)) as { id: number }
  return row.id
}

describe('the vector index in memory', () => {
  it('applies the privacy rule itself: an agent finds its own vectors, never another agent’s', async () => {
    const [mine, theirs] = await embedded([
      ['The deploy key lives in the keychain.', SCRIBE],
      ['The deploy key of the other agent is in a vault.', OTHER]
    ])
    const core = home!.core
    expect(itemIds(core, 'deploy key', { agentId: SCRIBE })).toEqual([itemOf(core, mine!)])
    expect(itemIds(core, 'deploy key', { agentId: OTHER })).toEqual([itemOf(core, theirs!)])
    expect(itemIds(core, 'deploy key', { publicOnly: true })).toEqual([])
    expect(itemIds(core, 'deploy key').sort()).toEqual([itemOf(core, mine!), itemOf(core, theirs!)].sort())
    expect(itemIds(core, 'deploy key', { kinds: ['message'] })).toEqual([])
  })

  it('forgets an item as soon as the index drops it, and takes a changed text’s new vector', async () => {
    const [gone, kept] = await embedded([
      ['Coffee beans come from the corner shop.', SCRIBE],
      ['Coffee is brewed at seven every morning.', SCRIBE]
    ])
    const core = home!.core
    const knowledge = core.services.knowledge
    expect(knowledge.vectors.size).toBe(2)
    const goneItem = itemOf(core, gone!)
    knowledge.store.remove('fact', String(gone))
    expect(knowledge.vectors.size).toBe(1)
    expect(itemIds(core, 'coffee')).toEqual([itemOf(core, kept!)])
    expect(itemIds(core, 'coffee')).not.toContain(goneItem)
  })

  it('sees what another connection to the same home embedded, and a rebuild it made', async () => {
    await embedded([['The backup runs at night.', SCRIBE]])
    const core = home!.core
    expect(core.services.knowledge.vectors.size).toBe(1)
    second = createCore({ home: home!.dir, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
    const fact = insertApprovedFact(second, SCRIBE, 'The invoice is paid on the first Monday.')
    second.services.knowledge.indexPending()
    await second.services.knowledge.embedPending()
    expect(itemIds(core, 'invoice paid')[0]).toBe(itemOf(core, fact))
    expect(core.services.knowledge.vectors.size).toBe(2)
    await second.services.knowledge.reindex()
    // The rebuild dropped every vector; the first connection reads the store again, not its copy.
    expect(core.services.knowledge.vectors.size).toBe(0)
    await second.services.knowledge.embedPending()
    expect(core.services.knowledge.vectors.size).toBe(2)
    expect(itemIds(core, 'invoice paid')[0]).toBe(itemOf(core, fact))
  })

  it('reads a step of the load by vector id, never walking the items (their texts) first', () => {
    home = knowledgeHome()
    for (let n = 0; n < 50; n++) home.fact(`Fact number ${n} about the garden.`, SCRIBE)
    home.core.services.knowledge.indexPending()
    // Statistics for the items and none for the (empty) vectors: what a home has between turns.
    home.core.internals.db.exec('ANALYZE')
    const plan = (
      home.core.internals.db.prepare(`EXPLAIN QUERY PLAN ${LOAD_AFTER_SQL}`).all(0, 1000) as {
        detail: string
      }[]
    ).map((row) => row.detail)
    expect(plan[0]).toMatch(/^SEARCH v USING INTEGER PRIMARY KEY/)
    expect(plan.join('; ')).not.toContain('TEMP B-TREE')
  })
})
