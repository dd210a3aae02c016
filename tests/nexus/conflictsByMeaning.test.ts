import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { knowledgeHome, type KnowledgeHome } from '../../src/core/knowledge/testing/knowledgeHome'
import { startFakeEmbeddings, type FakeEmbeddings } from '../fakeEmbeddings/server'

let home: KnowledgeHome | undefined
let fake: FakeEmbeddings | undefined
afterEach(async () => {
  home?.dispose()
  await fake?.close()
  home = undefined
  fake = undefined
})

/** Worded apart: no key term in common ("ship"/"deploy", "release"/"Fridays"), so only meaning links them. */
const SHIP = {
  agent: 'ella',
  type: 'decision',
  summary: 'Ship the release on Friday',
  rationale: 'Users wait'
}
const NO_DEPLOY = {
  agent: 'lyra',
  type: 'decision',
  summary: 'Do not deploy on Fridays',
  rationale: 'Weekend'
}
/** Shares key terms: found by words whatever the embeddings do. */
const SQLITE = {
  agent: 'ella',
  type: 'decision',
  summary: 'Quill stores notes in SQLite with WAL mode',
  rationale: 'One file'
}
const MARKDOWN = {
  agent: 'lyra',
  type: 'decision',
  summary: 'Quill stores notes in plain Markdown files, not SQLite',
  rationale: 'Readable anywhere'
}

async function withEndpoint(baseUrl: string): Promise<KnowledgeHome> {
  home = knowledgeHome()
  await home.core.services.knowledge.configureEmbeddings({ baseUrl, model: 'fake-768' })
  return home
}

/** A port nothing listens on: connections are refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/v1`
}

describe('conflicts by meaning, through the knowledge layer’s embeddings', () => {
  it('flags decisions worded apart when an embedding endpoint is configured, and not without one', async () => {
    fake = await startFakeEmbeddings()
    const nexus = (await withEndpoint(fake.url)).core.internals.nexus
    nexus.post(SHIP)
    nexus.post(NO_DEPLOY)
    const [conflict, ...more] = await nexus.conflictsChecked()
    expect(more).toEqual([])
    expect(conflict).toMatchObject({ method: 'similarity', first: { seq: 1 }, second: { seq: 2 } })
    expect(conflict?.similarity).toBeGreaterThanOrEqual(0.8)
    expect(conflict?.reason).toMatch(/they mean nearly the same subject\.$/)
    expect(fake.stats.requests).toBeGreaterThan(0)

    home?.dispose()
    home = knowledgeHome()
    const words = home.core.internals.nexus
    words.post(SHIP)
    words.post(NO_DEPLOY)
    expect(await words.conflictsChecked()).toEqual([])
  })

  it('an unreachable endpoint never holds a post up: key terms decide, and the reason says so', async () => {
    const nexus = (await withEndpoint(await closedPortUrl())).core.internals.nexus
    nexus.post(SQLITE)
    nexus.post(MARKDOWN)
    nexus.post(SHIP)
    nexus.post(NO_DEPLOY)
    const conflicts = await nexus.conflictsChecked()
    expect(conflicts.map((conflict) => [conflict.method, conflict.first.seq, conflict.second.seq])).toEqual([
      ['terms', 1, 2]
    ])
    expect(conflicts[0]?.reason).toMatch(
      /Meaning could not be compared just now \(.*could not be reached.*\), so decisions are matched on shared key terms only\.$/
    )
  })

  it('a slow endpoint is given up on after the timeout, and the embedder’s back-off spares the next check', async () => {
    fake = await startFakeEmbeddings({ slowMs: 60_000 })
    fake.setMode('slow')
    const nexus = (await withEndpoint(fake.url)).core.internals.nexus
    nexus.post(SQLITE)
    nexus.post(MARKDOWN)
    const [conflict] = await nexus.conflictsChecked()
    expect(conflict?.reason).toMatch(
      /did not answer within 5000 ms\), so decisions are matched on shared key terms only/
    )
    // The endpoint is now waited out (back-off), so the next check does not wait 5 s again.
    expect(await home?.core.services.knowledge.embeddingStatus()).toMatchObject({ state: 'failing' })
    nexus.post(NO_DEPLOY)
    const [again] = await nexus.conflictsChecked()
    expect(again).toMatchObject({ method: 'terms' })
    expect(again?.reason).toMatch(/Meaning could not be compared just now/)
  }, 30_000)
})
