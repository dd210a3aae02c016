import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fakeEmbedding, FAKE_DIMS } from './fakeEmbedding'

/** How the fake answers: well, or each of the ways a real endpoint goes wrong. */
export type FakeEmbeddingMode = 'ok' | 'error500' | 'nan' | 'mixedDims' | 'slow' | 'unauthorized'

export interface FakeEmbeddings {
  /** The base URL, ending before `/embeddings` (…/v1). */
  readonly url: string
  /** Texts embedded so far, and requests answered. */
  readonly stats: { texts: number; requests: number }
  setMode(mode: FakeEmbeddingMode): void
  setDims(dims: number): void
  /** The bearer token a request must carry; undefined accepts any. */
  requireKey(key: string | undefined): void
  close(): Promise<void>
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint on 127.0.0.1 answering with `fakeEmbedding`
 * vectors (see there for what they mean and do not). Modes make it fail as real ones do.
 */
export async function startFakeEmbeddings(
  options: { dims?: number; slowMs?: number } = {}
): Promise<FakeEmbeddings> {
  let mode: FakeEmbeddingMode = 'ok'
  let dims = options.dims ?? FAKE_DIMS
  let key: string | undefined
  const stats = { texts: 0, requests: 0 }
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await body(request)
      const reply = (status: number, json: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(json))
      }
      if (request.method !== 'POST' || !request.url?.endsWith('/embeddings'))
        return reply(404, { error: 'not found' })
      if (key !== undefined && request.headers.authorization !== `Bearer ${key}`)
        return reply(401, { error: 'bad key' })
      if (mode === 'unauthorized') return reply(401, { error: 'bad key' })
      if (mode === 'error500') return reply(500, { error: 'model crashed' })
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 5000))
      const parsed = JSON.parse(text) as { input: string | string[]; model: string }
      const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input]
      stats.requests++
      stats.texts += inputs.length
      const data = inputs.map((input, index) => {
        let embedding = fakeEmbedding(input, dims)
        if (mode === 'nan') embedding = embedding.map((value, i) => (i === 0 ? Number.NaN : value))
        if (mode === 'mixedDims' && index === inputs.length - 1) embedding = embedding.slice(0, 3)
        return { object: 'embedding', index, embedding }
      })
      // JSON has no NaN: a broken server writes it bare, which is what this mode sends.
      const json = JSON.stringify({ object: 'list', model: parsed.model, data }).replace(/null/g, 'NaN')
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(mode === 'nan' ? json : JSON.stringify({ object: 'list', model: parsed.model, data }))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/v1`,
    stats,
    setMode: (next) => (mode = next),
    setDims: (next) => (dims = next),
    requireKey: (next) => (key = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
