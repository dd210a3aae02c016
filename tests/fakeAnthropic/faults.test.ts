import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from './index'

let fake: FakeAnthropic

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const params = {
  model: 'claude-sonnet-5',
  max_tokens: 256,
  messages: [{ role: 'user' as const, content: 'hi' }]
}
const clientWith = (maxRetries: number): Anthropic =>
  new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries, timeout: 5000 })

describe('fake Anthropic: faults', () => {
  it('answers 429 with retry-after, then succeeds on the SDK retry', async () => {
    fake.fault({ kind: 'http', status: 429 })
    fake.script('after the wait')
    const message = await clientWith(1).messages.create(params)
    expect(message.content).toEqual([{ type: 'text', text: 'after the wait' }])
    expect(
      fake.requests.map((request) => [request.status, request.headers['x-stainless-retry-count']])
    ).toEqual([
      [429, '0'],
      [200, '1']
    ])
  })

  it('exhausts SDK retries on repeated 529 overloaded_error', async () => {
    fake.fault({ kind: 'http', status: 529, count: 3 })
    const started = Date.now()
    const failure = await clientWith(2)
      .messages.create(params)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Anthropic.InternalServerError)
    expect(failure).toMatchObject({ status: 529, type: 'overloaded_error', requestID: 'req_fake_0003' })
    expect(fake.requests).toHaveLength(3)
    expect(Date.now() - started).toBeLessThan(2000) // retry-after-ms keeps the backoff short
  })

  it('sends 500 api_error and honours explicit headers (x-should-retry: false)', async () => {
    fake.fault({ kind: 'http', status: 500, headers: { 'x-should-retry': 'false' } })
    await expect(clientWith(2).messages.create(params)).rejects.toMatchObject({
      status: 500,
      type: 'api_error'
    })
    expect(fake.requests).toHaveLength(1)
  })

  it('sends an error event mid-stream, which the SDK raises without retrying', async () => {
    fake.fault({ kind: 'stream_error', afterDeltas: 2 })
    fake.script({ text: ['one ', 'two ', 'three'] })
    const texts: string[] = []
    const stream = clientWith(2).messages.stream(params)
    stream.on('text', (text) => texts.push(text))
    const failure = await stream.finalMessage().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Anthropic.APIError)
    expect((failure as { error?: { error?: { type?: string } } }).error?.error?.type).toBe('overloaded_error')
    expect(texts).toEqual(['one ', 'two '])
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.outcome).toBe('error_event')
  })

  it('drops the connection mid-stream and before a non-streaming answer', async () => {
    fake.fault({ kind: 'drop', afterDeltas: 1 }, { kind: 'drop' })
    fake.script({ text: ['partial ', 'never'] })
    await expect(clientWith(0).messages.stream(params).finalMessage()).rejects.toBeInstanceOf(Error)
    expect(fake.requests[0]?.outcome).toBe('dropped')
    await expect(clientWith(0).messages.create(params)).rejects.toBeInstanceOf(Anthropic.APIConnectionError)
  })

  it('streams slowly so a client can stop mid-stream, and records the abort', async () => {
    fake.fault({ kind: 'slow', delayMs: 30 })
    fake.script({ text: Array.from({ length: 20 }, (_, index) => `w${index} `) })
    const stream = clientWith(0).messages.stream(params)
    const texts: string[] = []
    stream.on('text', (text) => {
      texts.push(text)
      if (texts.length === 2) stream.abort()
    })
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIUserAbortError)
    await expect.poll(() => fake.requests[0]?.outcome, { timeout: 5000, interval: 5 }).toBe('aborted')
    expect(texts).toEqual(['w0 ', 'w1 '])
  })

  it('answers a non-streaming request after a slow fault or a per-reply delay', async () => {
    fake.fault({ kind: 'slow', delayMs: 120 })
    fake.script('late', { text: 'later', delayMs: 120 })
    for (const expected of ['late', 'later']) {
      const started = Date.now()
      const message = await clientWith(0).messages.create(params)
      expect(message.content).toEqual([{ type: 'text', text: expected }])
      expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    }
  })

  it('uses per-reply delays without a fault', async () => {
    fake.script({ text: ['a', 'b', 'c'], delayMs: 40 })
    const started = Date.now()
    await clientWith(0).messages.stream(params).finalMessage()
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
  })
})
