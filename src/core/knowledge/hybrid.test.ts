import { afterEach, describe, expect, it } from 'vitest'
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../tests/fakeEmbeddings/server'
import { MemorySecretStore } from '../ports/secretStore'
import { knowledgeHome, SCRIBE, type KnowledgeHome } from './testing/knowledgeHome'

let home: KnowledgeHome | undefined
let fake: FakeEmbeddings | undefined
afterEach(async () => {
  home?.dispose()
  await fake?.close()
})

async function withEmbeddings(
  secrets = new MemorySecretStore()
): Promise<{ h: KnowledgeHome; f: FakeEmbeddings }> {
  fake = await startFakeEmbeddings()
  home = knowledgeHome({ secrets })
  await home.core.services.knowledge.configureEmbeddings({ baseUrl: fake.url, model: 'fake-768' })
  return { h: home, f: fake }
}

describe('meaning search with an embedding endpoint', () => {
  it('finds a paraphrase that shares no word with the fact, and fuses it with word hits', async () => {
    const { h } = await withEmbeddings()
    h.fact('API secrets are kept in the OS keychain.')
    h.fact('The garden needs water on Sundays.')
    const knowledge = h.core.services.knowledge
    knowledge.indexPending()
    await knowledge.embedPending()
    const status = await knowledge.status()
    expect(status).toMatchObject({ items: 2, embedded: 2, embeddings: { state: 'ok', dims: 768 } })
    expect(status.summary).toBe('Words and meaning (fake-768): 2 items indexed, all with vectors.')
    const paraphrase = await knowledge.search({ text: 'credential storage', limit: 5 })
    expect(paraphrase.results[0]).toMatchObject({ kind: 'fact', method: 'vector' })
    expect(paraphrase.results[0]?.snippet).toBe('API secrets are kept in the OS keychain.')
    const both = await knowledge.search({ text: 'where are secrets stored', limit: 5 })
    expect(both.results[0]).toMatchObject({ method: 'hybrid' })
    // The one similarity measure other features use: meaning with an endpoint.
    const alike = await knowledge.similarity('credential storage', 'API secrets are kept in the OS keychain.')
    const unrelated = await knowledge.similarity('credential storage', 'The garden needs water on Sundays.')
    expect(alike.method).toBe('vector')
    expect(alike.score).toBeGreaterThan(unrelated.score + 0.2)
    // The per-turn recall asks the same index and gets the same fact.
    const recalled = await h.core.services.memory.search(SCRIBE, 'credential storage', 3)
    expect(recalled[0]?.text).toBe('API secrets are kept in the OS keychain.')
  })

  it('without an endpoint, the paraphrase finds nothing and the status says words only', async () => {
    home = knowledgeHome()
    home.fact('API secrets are kept in the OS keychain.')
    const result = await home.core.services.knowledge.search({ text: 'credential storage', limit: 5 })
    expect(result.results).toEqual([])
    expect(result.embeddings.state).toBe('off')
    expect(
      await home.core.services.knowledge.similarity('secrets in the keychain', 'the keychain holds secrets')
    ).toEqual({
      score: 1,
      method: 'words'
    })
  })

  it('never lets a failing endpoint slow a search: it backs off and says why, naming the endpoint', async () => {
    const { h, f } = await withEmbeddings()
    h.fact('The deploy runs on Tuesdays')
    const knowledge = h.core.services.knowledge
    f.setMode('error500')
    const first = await knowledge.search({ text: 'deploy', limit: 5 })
    expect(first.results).toHaveLength(1)
    expect(first.embeddings).toMatchObject({ state: 'failing', retryAtMs: expect.any(Number) })
    expect(first.notice).toContain(`Meaning search skipped: ${f.url}/embeddings answered 500`)
    const calls = f.stats.requests
    const again = await knowledge.search({ text: 'deploy', limit: 5 })
    expect(again.results).toHaveLength(1)
    expect(f.stats.requests).toBe(calls) // backing off: not asked again
    expect((await knowledge.status()).summary).toMatch(
      /^Words only for now: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings answered 500/
    )
  })

  it('answers recall within its budget when the endpoint hangs', async () => {
    fake = await startFakeEmbeddings({ slowMs: 10_000 })
    home = knowledgeHome()
    await home.core.services.knowledge.configureEmbeddings({ baseUrl: fake.url, model: 'fake' })
    home.fact('Backups run nightly')
    fake.setMode('slow')
    const started = performance.now()
    const items = await home.core.services.memory.search(SCRIBE, 'backups', 3)
    expect(items).toHaveLength(1)
    expect(performance.now() - started).toBeLessThan(3000)
    expect((await home.core.services.knowledge.embeddingStatus()).error).toMatch(
      /did not answer within 800 ms/
    )
  })

  it('refuses NaN and mixed-size vectors, naming the endpoint, and stores none of them', async () => {
    const { h, f } = await withEmbeddings()
    h.fact('one fact')
    h.fact('another fact')
    const knowledge = h.core.services.knowledge
    knowledge.indexPending()
    f.setMode('nan')
    await knowledge.embedPending()
    expect((await knowledge.embeddingStatus()).error).toContain(`${f.url}/embeddings`)
    knowledge.embedder.retryNow()
    f.setMode('mixedDims')
    await knowledge.embedPending()
    expect((await knowledge.embeddingStatus()).error).toMatch(
      /returned vectors of different sizes \(768 and 3/
    )
    expect(knowledge.embedder.embeddedCount()).toBe(0)
  })

  it('re-embeds everything when the model or its vector size changes', async () => {
    const { h, f } = await withEmbeddings()
    h.fact('API secrets are kept in the OS keychain.')
    const knowledge = h.core.services.knowledge
    knowledge.indexPending()
    await knowledge.embedPending()
    expect((await knowledge.status()).embeddings.dims).toBe(768)
    f.setDims(384)
    await knowledge.search({ text: 'credential storage', limit: 3 }) // the query's vector has another size
    expect(knowledge.embedder.embeddedCount()).toBe(0)
    await knowledge.embedPending()
    expect(await knowledge.status()).toMatchObject({ embedded: 1, embeddings: { dims: 384 } })
    expect((await knowledge.search({ text: 'credential storage', limit: 3 })).results[0]?.method).toBe(
      'vector'
    )
    await knowledge.configureEmbeddings({ baseUrl: f.url, model: 'another-model' })
    await knowledge.embedPending()
    expect(knowledge.embedder.embeddedCount()).toBe(1)
    expect(f.stats.texts).toBeGreaterThanOrEqual(3)
  })

  it('sends the saved key only to the origin it was entered for', async () => {
    const secrets = new MemorySecretStore()
    const { h, f } = await withEmbeddings(secrets)
    f.requireKey('sk-embed')
    const knowledge = h.core.services.knowledge
    h.fact('a fact to embed')
    knowledge.indexPending()
    await knowledge.embedPending()
    expect((await knowledge.embeddingStatus()).error).toMatch(
      /answered 401.*check the key in Settings → Knowledge/
    )
    await knowledge.configureEmbeddings({ baseUrl: f.url, model: 'fake', apiKey: 'sk-embed' })
    await knowledge.embedPending()
    expect(await knowledge.status()).toMatchObject({
      embedded: 1,
      embeddings: { keySource: 'saved', keyConfigured: true }
    })
    expect(JSON.parse((await secrets.getSecret('embeddings.apiKey')) ?? '{}')).toMatchObject({
      key: 'sk-embed',
      origin: new URL(f.url).origin
    })
    await knowledge.configureEmbeddings({ baseUrl: 'http://localhost:9/v1', model: 'fake' })
    expect((await knowledge.embeddingStatus()).keySource).toBe('none')
  })
})
