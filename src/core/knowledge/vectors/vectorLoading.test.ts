import { afterEach, describe, expect, it } from 'vitest'
import type { KnowledgeProgress } from '../../../shared/contract/knowledge'
import { createCore, type Core } from '../../createCore'
import { fakeEmbedding } from '../../../../tests/fakeEmbeddings/fakeEmbedding'
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../../tests/fakeEmbeddings/server'
import { knowledgeHome, SCRIBE, type KnowledgeHome } from '../testing/knowledgeHome'
import { quantise, unit } from './quantize'
import { LOAD_STEP_ROWS } from './vectorIndex'

let home: KnowledgeHome | undefined
let app: Core | undefined
let fake: FakeEmbeddings | undefined
afterEach(async () => {
  app?.dispose()
  home?.dispose()
  await fake?.close()
  app = undefined
})

const ITEMS = LOAD_STEP_ROWS * 2 + 500

function vectorOf(text: string) {
  return quantise(unit(fakeEmbedding(`\n${text}`, 768)) as Float32Array)
}

/** A home with ITEMS facts indexed and their vectors stored (as the endpoint would have given them). */
async function storedVectors(): Promise<void> {
  fake = await startFakeEmbeddings()
  home = knowledgeHome()
  const core = home.core
  core.internals.db.transaction(() => {
    for (let i = 0; i < ITEMS - 1; i++) home!.fact(`Routine note ${i} about the weekly invoice run.`)
    home!.fact('The deploy key lives in the keychain.')
  })()
  const knowledge = core.services.knowledge
  knowledge.indexPending()
  const rows = core.internals.db.prepare('SELECT id, title, text FROM knowledge_items').all() as {
    id: number
    title: string
    text: string
  }[]
  core.internals.db.transaction(() => {
    for (const row of rows) knowledge.vectors.put(row.id, vectorOf(`${row.title}\n${row.text}`.slice(1)))
  })()
  // Stored for this endpoint's model, so it does not count as a model change.
  knowledge.store.setState('embeddings.model', `${fake.url}|fake-768`)
  knowledge.store.setState('embeddings.dims', '768')
  await knowledge.configureEmbeddings({ baseUrl: fake.url, model: 'fake-768' })
}

describe('reading the stored vectors into memory', () => {
  it('happens in the background at start; searches meanwhile answer by words and say so', async () => {
    await storedVectors()
    const events: KnowledgeProgress[] = []
    app = createCore({ home: home!.dir, host: 'cli', env: {} })
    app.services.events.subscribe((...[event, payload]) => {
      if (event === 'knowledge.progress') events.push(payload as KnowledgeProgress)
    })
    const knowledge = app.services.knowledge
    expect(knowledge.vectors.loadState().done).toBe(false)

    const early = await knowledge.searchIndexed({ text: 'credential storage', limit: 5, agentId: SCRIBE })
    expect(early.results.every((hit) => hit.method === 'bm25')).toBe(true)
    expect(early.notice).toMatch(/Meaning search starts once the vectors are read into memory \(\d+ of \d+\)/)

    await knowledge.loadVectors()
    expect(knowledge.vectors.loadState()).toEqual({ loaded: ITEMS, total: ITEMS, done: true })
    const later = await knowledge.searchIndexed({ text: 'credential storage', limit: 5, agentId: SCRIBE })
    expect(later.notice).toBeNull()
    expect(later.results[0]?.text).toBe('The deploy key lives in the keychain.')
    expect(later.results[0]?.method).toBe('vector')
    const loading = events.filter((event) => event.phase === 'loading')
    expect(loading.length).toBeGreaterThan(0)
    expect(loading.every((event) => event.total === ITEMS && event.done < ITEMS)).toBe(true)
    expect(events.at(-1)).toMatchObject({ phase: 'idle', done: ITEMS, total: ITEMS })
  })

  it('keeps a vector written or dropped during the load, whichever side of the load it falls on', async () => {
    await storedVectors()
    const knowledge = home!.core.services.knowledge
    knowledge.vectors.reset()
    const ids = (
      home!.core.internals.db.prepare('SELECT id FROM knowledge_items ORDER BY id').all() as { id: number }[]
    ).map((row) => row.id)
    for (const id of ids) knowledge.vectors.put(id, vectorOf(`item ${id}`))
    // A fresh copy in memory, read one step.
    app = createCore({ home: home!.dir, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
    const vectors = app.services.knowledge.vectors
    expect(vectors.loadStep()).toBe(false)
    expect(vectors.loadState().loaded).toBe(LOAD_STEP_ROWS)
    const [early, late] = [ids[10] as number, ids[LOAD_STEP_ROWS + 10] as number]
    app.services.knowledge.store.remove('fact', String(ids.length)) // the last fact's item
    vectors.put(early, vectorOf('an early item now about the garden'))
    vectors.put(late, vectorOf('a late item now about the garden'))
    while (!vectors.loadStep());
    expect(vectors.loadState().loaded).toBe(ITEMS - 1)
    const query = unit(fakeEmbedding('garden', 768)) as Float32Array
    expect(
      vectors
        .search(query, 2)
        .map((hit) => hit.id)
        .sort()
    ).toEqual([early, late].sort())
  })
})
