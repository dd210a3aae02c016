import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/core/rpc/dispatch'
import { MODEL_TABLE } from '../../src/core/domain/models/modelTable'
import { messagesUrl, testConnection } from '../../src/core/services/connectionTest'
import { createAnthropicClient } from '../../src/core/node/llm/anthropicClient'
import type { ConnectionReport, ModelInfo, RpcResult } from '../../src/shared/contract'
import { useFakeModelCore } from '../helpers/fakeModelCore'

/** The model-client port's constructor for an explicit endpoint, as the core wires it. */
const clients = { forTarget: createAnthropicClient }

const ctx = useFakeModelCore()

function valueOf<T>(result: RpcResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as T
}

/** A server that answers every request with an HTML page, as a misconfigured proxy would. */
let htmlServer: Server
let htmlUrl: string
beforeAll(async () => {
  htmlServer = createServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' })
    response.end('<html><body><h1>502 Bad Gateway</h1>\n<p>upstream   unreachable</p></body></html>')
  })
  await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve))
  htmlUrl = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => htmlServer.close(() => resolve())))

describe('Test connection', () => {
  it('makes one real one-token call with the saved settings and reports success', async () => {
    const core = ctx.open()
    const report = valueOf<ConnectionReport>(
      await dispatch(core.handlers, { method: 'models.testConnection', input: {} })
    )
    expect(report).toMatchObject({
      ok: true,
      status: 200,
      url: `${ctx.fake.url}/v1/messages`,
      model: 'claude-sonnet-5-5',
      errorType: null
    })
    expect(report.message).toContain('claude-sonnet-5-5 answered in')
    expect(report.requestId).toMatch(/^req_fake_/)
    const [request] = ctx.fake.requests
    expect(ctx.fake.requests).toHaveLength(1)
    expect(request?.body).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 1 })
  })

  it('sends nothing when the saved key belongs to another address, and says so', async () => {
    const core = ctx.open({ env: {} })
    await core.services.settings.update({ baseUrl: ctx.fake.url })
    await core.services.settings.setApiKey('sk-for-the-fake')
    await core.services.settings.update({ baseUrl: htmlUrl })
    const report = valueOf<ConnectionReport>(
      await dispatch(core.handlers, { method: 'models.testConnection', input: {} })
    )
    expect(report).toMatchObject({ ok: false, status: null, url: `${htmlUrl}/v1/messages` })
    expect(report.message).toContain(`entered for ${ctx.fake.url}`)
    expect(ctx.fake.requests).toHaveLength(0)
  })

  it('reports a refused key with the status, the error type and the endpoint’s own message, without retrying', async () => {
    ctx.fake.fault({ kind: 'http', status: 401, message: 'invalid x-api-key (fake)' })
    const report = await testConnection(
      {
        model: 'claude-haiku-4-5',
        baseUrl: ctx.fake.url,
        apiKey: 'sk-wrong'
      },
      clients
    )
    expect(report).toMatchObject({
      ok: false,
      status: 401,
      errorType: 'authentication_error',
      message: 'invalid x-api-key (fake)',
      url: `${ctx.fake.url}/v1/messages`
    })
    expect(report.advice).toContain('refused the key')
    expect(ctx.fake.requests).toHaveLength(1)
  })

  it.each([
    [404, 'not_found_error', 'model: claude-nonexistent', 'Check the base URL'],
    [
      429,
      'rate_limit_error',
      'Number of request tokens has exceeded your per-minute rate limit (fake).',
      'rate-limiting'
    ],
    [529, 'overloaded_error', 'Overloaded', 'overloaded'],
    [500, 'api_error', 'Internal server error (fake).', 'failed on its side']
  ])('reports HTTP %i as the endpoint sent it', async (status, errorType, message, advice) => {
    ctx.fake.fault({ kind: 'http', status, ...(status === 404 ? { message } : {}) })
    const report = await testConnection(
      {
        model: 'claude-nonexistent',
        baseUrl: ctx.fake.url,
        apiKey: 'sk-test'
      },
      clients
    )
    expect(report).toMatchObject({ ok: false, status, errorType, message })
    expect(report.advice).toContain(advice)
    expect(ctx.fake.requests).toHaveLength(1)
  })

  it('reports a wrong path under the base URL as the 404 the endpoint answered', async () => {
    const report = await testConnection(
      {
        model: 'claude-sonnet-5',
        baseUrl: `${ctx.fake.url}/api/v1`,
        apiKey: 'sk-test'
      },
      clients
    )
    expect(report).toMatchObject({ ok: false, status: 404, url: `${ctx.fake.url}/api/v1/v1/messages` })
    expect(report.message.length).toBeGreaterThan(0)
  })

  it('quotes a non-JSON error page in one line', async () => {
    const report = await testConnection(
      { model: 'claude-sonnet-5', baseUrl: htmlUrl, apiKey: 'sk-test' },
      clients
    )
    expect(report).toMatchObject({ ok: false, status: 502, errorType: null })
    expect(report.message).toBe(
      '<html><body><h1>502 Bad Gateway</h1> <p>upstream unreachable</p></body></html>'
    )
  })

  it('names the socket error when nothing listens at the address', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const report = await testConnection(
      { model: 'claude-sonnet-5', baseUrl: url, apiKey: 'sk-test' },
      clients
    )
    expect(report).toMatchObject({ ok: false, status: null, url: `${url}/v1/messages` })
    expect(report.message).toContain('ECONNREFUSED')
    expect(report.advice).toContain('gateway is running')
  })

  it('sends nothing when no key may go to the address, and says why', async () => {
    const report = await testConnection(
      {
        model: 'claude-sonnet-5',
        baseUrl: ctx.fake.url,
        apiKey: undefined,
        refusal: 'The saved key belongs elsewhere.'
      },
      clients
    )
    expect(report).toMatchObject({ ok: false, status: null, message: 'The saved key belongs elsewhere.' })
    expect(ctx.fake.requests).toHaveLength(0)
  })

  it('posts to Anthropic’s API when no base URL is set, and trims trailing slashes', () => {
    expect(messagesUrl(undefined)).toBe('https://api.anthropic.com/v1/messages')
    expect(messagesUrl('http://127.0.0.1:4000//')).toBe('http://127.0.0.1:4000/v1/messages')
  })
})

describe('the model table over the contract', () => {
  it('lists every model with its context window and prices', async () => {
    const core = ctx.open()
    const models = valueOf<ModelInfo[]>(await dispatch(core.handlers, { method: 'models.list', input: {} }))
    expect(models.map((model) => model.id)).toEqual(MODEL_TABLE.map((row) => row.id))
    expect(models.find((model) => model.id === 'claude-sonnet-5')).toEqual({
      id: 'claude-sonnet-5',
      contextWindow: 200_000,
      prices: { input: 2, output: 10, cacheRead: 0.2, cacheWrite5m: 2.5 },
      assumed: false
    })
  })
})
