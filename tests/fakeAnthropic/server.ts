import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CacheSimulator, DEFAULT_CACHE_OPTIONS } from './cacheSimulator'
import { handleControl } from './control'
import { FaultQueue } from './faults'
import { handleV1, type MessagesContext } from './messages'
import { ReplyScript } from './replies'
import type { Fault, FakeOptions, RecordedRequest, Reply, ReplyFunction } from './types'

/** Time the cache simulator sees: wall clock plus a test-controlled offset (TTL tests in ms). */
export interface FakeClock {
  now(): number
  /** Moves time forward; returns the new now. */
  advance(ms: number): number
}

/** Aggregates over every accounted /v1/messages request. */
export interface FakeStats {
  readonly requests: number
  readonly inputTokens: number
  readonly cacheReadTokens: number
  readonly cacheWrite5mTokens: number
  readonly cacheWrite1hTokens: number
  readonly outputTokens: number
  /** Σread / Σ(read + write + input). */
  readonly hitRate: number
  /** Σ(input + 1.25·w5m + 2·w1h + 0.1·read), in base-input-token units. */
  readonly costUnits: number
}

export interface FakeAnthropic {
  /** Base URL for the SDK (`new Anthropic({baseURL: fake.url})`), e.g. http://127.0.0.1:41234. */
  readonly url: string
  /** Every /v1 request received, in order, with headers, parsed body, status and usage. */
  readonly requests: readonly RecordedRequest[]
  readonly clock: FakeClock
  readonly cache: CacheSimulator
  readonly pendingReplies: number
  readonly pendingFaults: number
  /** Queues replies (or per-request reply functions), consumed one per /v1/messages request. */
  script(...replies: readonly (Reply | ReplyFunction)[]): void
  /** Dynamic replies once the queue is empty; return undefined to use the default reply. */
  respondWith(handler: ReplyFunction | undefined): void
  /** Input of the default tool_use answering a forced `tool_choice` for this tool. */
  setToolInput(name: string, input: unknown): void
  /** Queues faults, consumed one per /v1/messages request (each `count` times). */
  fault(...faults: readonly Fault[]): void
  stats(): FakeStats
  /** Clears script, faults, requests, cache entries and the clock offset. */
  reset(): void
  close(): Promise<void>
}

function createClock(): FakeClock & { reset(): void } {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms
      return Date.now() + offset
    },
    reset: () => {
      offset = 0
    }
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function computeStats(requests: readonly RecordedRequest[]): FakeStats {
  const sum = {
    requests: 0,
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 0
  }
  for (const { usage } of requests) {
    if (!usage) continue
    sum.requests += 1
    sum.inputTokens += usage.input_tokens
    sum.cacheReadTokens += usage.cache_read_input_tokens
    sum.cacheWrite5mTokens += usage.cache_creation.ephemeral_5m_input_tokens
    sum.cacheWrite1hTokens += usage.cache_creation.ephemeral_1h_input_tokens
    sum.outputTokens += usage.output_tokens
  }
  const prompt = sum.inputTokens + sum.cacheReadTokens + sum.cacheWrite5mTokens + sum.cacheWrite1hTokens
  const hitRate = prompt === 0 ? 0 : sum.cacheReadTokens / prompt
  const costUnits =
    sum.inputTokens + 1.25 * sum.cacheWrite5mTokens + 2 * sum.cacheWrite1hTokens + 0.1 * sum.cacheReadTokens
  return { ...sum, hitRate, costUnits }
}

/**
 * Starts the fake Anthropic Messages API on 127.0.0.1. Zero dependencies beyond node:*; the real
 * `@anthropic-ai/sdk` talks to it unchanged. See README.md for the reply and control formats.
 */
export async function startFakeAnthropic(options: FakeOptions = {}): Promise<FakeAnthropic> {
  const clock = createClock()
  const requests: RecordedRequest[] = []
  const script = new ReplyScript()
  const faults = new FaultQueue()
  const cache = new CacheSimulator({ ...DEFAULT_CACHE_OPTIONS, ...options.cache })
  const context: MessagesContext = {
    apiKey: options.apiKey,
    chunkChars: options.chunkChars ?? 24,
    delayMs: options.delayMs ?? 0,
    now: clock.now,
    cache,
    script,
    faults,
    requests
  }
  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const fake: FakeAnthropic = {
    url: `http://127.0.0.1:${port}`,
    requests,
    clock,
    cache,
    get pendingReplies() {
      return script.pending
    },
    get pendingFaults() {
      return faults.pending
    },
    script: (...replies) => script.push(...replies),
    respondWith: (handler) => script.setHandler(handler),
    setToolInput: (name, input) => script.setToolInput(name, input),
    fault: (...list) => faults.push(...list),
    stats: () => computeStats(requests),
    reset: () => {
      script.reset()
      faults.reset()
      cache.reset()
      clock.reset()
      requests.length = 0
    },
    close: () => closeServer(server)
  }
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void route(request, response, fake, context)
  })
  return fake
}

async function route(
  request: IncomingMessage,
  response: ServerResponse,
  fake: FakeAnthropic,
  context: MessagesContext
): Promise<void> {
  try {
    const raw = await readBody(request)
    if ((request.url ?? '').startsWith('/__fake/')) handleControl(request, response, raw, fake)
    else await handleV1(request, response, raw, context)
  } catch (error) {
    // A bug in the fake itself: answer 500 loudly rather than hanging the client.
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        type: 'error',
        error: { type: 'api_error', message: `fake server bug: ${String(error)}` }
      })
    )
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
