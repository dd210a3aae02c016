import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RetrievalQuery, RetrievedItem, Retriever } from '../ports/retriever'
import type { RecallDetail } from './recallProvider'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

const SCRIBE = testId.agent('scribe')

let f: ServiceFixture | undefined
afterEach(() => f?.dispose())

describe('the memory bank as a Retriever', () => {
  it('ranks facts and memory files best first, each with its method and where it came from', async () => {
    f = createServiceFixture()
    const fact = f.fact('The deploy script lives in tools/release.sh')
    f.fact('Release notes are written by hand')
    mkdirSync(f.paths.memoriesDir(SCRIBE), { recursive: true })
    writeFileSync(
      join(f.paths.memoriesDir(SCRIBE), 'deploys.md'),
      'Deploys go out on Tuesdays; the deploy script tags first.\n'
    )
    const items = await f.memory.retriever.retrieve({
      agentId: SCRIBE,
      text: 'deploy script',
      limit: 5
    })
    expect(items.map((item) => item.source)).toEqual(
      expect.arrayContaining([
        { kind: 'fact', factId: fact.id },
        { kind: 'file', slug: 'deploys' }
      ])
    )
    expect(items).toHaveLength(2)
    expect(items.every((item) => item.method === 'bm25')).toBe(true)
    expect(items[0]!.score).toBeGreaterThanOrEqual(items[1]!.score)
  })

  it('finds an agent’s own best facts when another agent’s facts rank above them', async () => {
    f = createServiceFixture()
    f.agents.create('Other', testId.agent('other'))
    for (let i = 0; i < 60; i++)
      f.fact(`deploy deploy deploy checklist ${i}`, { agentId: testId.agent('other') })
    const own = [f.fact('The deploy runs on Fridays'), f.fact('A deploy needs two reviewers')]
    const items = await f.memory.retriever.retrieve({
      agentId: SCRIBE,
      text: 'deploy',
      limit: 5
    })
    expect(items.map((item) => item.source)).toEqual(
      expect.arrayContaining(own.map((fact) => ({ kind: 'fact', factId: fact.id })))
    )
    expect(items).toHaveLength(2)
  })

  it('gives an agent its own facts only, a full page of them, when other agents’ facts match better', async () => {
    f = createServiceFixture()
    f.agents.create('Other', testId.agent('other'))
    const own = new Set<number>()
    for (let i = 0; i < 30; i++) {
      own.add(f.fact(`Backup ${'rotation '.repeat(1 + (i % 4))}step ${i}`).id)
      f.fact(`Backup rotation backup rotation for the other agent ${i}`, { agentId: testId.agent('other') })
    }
    const items = await f.memory.retriever.retrieve({ agentId: SCRIBE, text: 'backup rotation', limit: 5 })
    expect(items).toHaveLength(5)
    for (const item of items) expect(item.source.kind === 'fact' && own.has(item.source.factId)).toBe(true)
  })

  it('refuses an aborted query with the signal’s reason', async () => {
    f = createServiceFixture()
    const controller = new AbortController()
    controller.abort(new Error('the turn was stopped'))
    await expect(
      f.memory.retriever.retrieve({
        agentId: SCRIBE,
        text: 'deploy',
        limit: 5,
        signal: controller.signal
      })
    ).rejects.toThrow('the turn was stopped')
  })
})

describe('another Retriever plugged in', () => {
  /** Answers every query with one memory file, whatever the bank holds, and remembers the queries. */
  function fileRetriever(): Retriever & { readonly queries: RetrievalQuery[] } {
    const queries: RetrievalQuery[] = []
    return {
      queries,
      retrieve: async (query) => {
        queries.push(query)
        await Promise.resolve()
        const item: RetrievedItem = {
          text: 'Tea: oolong, no sugar',
          score: 0.9,
          method: 'bm25',
          source: { kind: 'file', slug: 'tea' }
        }
        return [item]
      }
    }
  }

  it('serves the memory search and the per-turn recall with the configured k', async () => {
    const retriever = fileRetriever()
    f = createServiceFixture({}, { retriever })
    f.fact('Nothing in the bank matches this query')
    expect(await f.memory.search(SCRIBE, 'what tea?', 3)).toEqual([
      { kind: 'file', factId: null, slug: 'tea', text: 'Tea: oolong, no sugar', score: 0.9, method: 'bm25' }
    ])
    const block = await f.memory.recallProvider().provide({
      agentId: SCRIBE,
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      userText: 'tea again?',
      turnIndex: 0
    })
    expect((block?.detail as RecallDetail).items).toEqual([
      { kind: 'file', factId: null, slug: 'tea', text: 'Tea: oolong, no sugar', score: 0.9, method: 'bm25' }
    ])
    expect(block?.text).toContain('Tea: oolong, no sugar')
    expect(retriever.queries).toEqual([
      { agentId: 'scribe', text: 'what tea?', limit: 3 },
      // recall.k from config.json: 5 when the file does not set it.
      { agentId: 'scribe', text: 'tea again?', limit: 5 }
    ])
  })
})
