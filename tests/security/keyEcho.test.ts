import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { testId } from '../../src/shared/testing/ids'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { runHearthAsync } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

/**
 * An endpoint that echoes the key back in its error (`401 invalid x-api-key: <key>`), as some
 * gateways do, exact and encoded. The key must not survive into anything Hearth keeps, shows or
 * prints: api_calls.error, chat.failed, models.testConnection, the log, the CLI's --json.
 */
const KEY = 'gw-Key+With/Slash=0123456789abcdefXYZ'
const FORMS = [
  KEY,
  encodeURIComponent(KEY),
  Buffer.from(KEY).toString('base64'),
  Buffer.from(KEY).toString('base64url'),
  KEY.slice(0, 16),
  KEY.slice(-14)
]
const ECHO = `invalid x-api-key: ${KEY} (url ${encodeURIComponent(KEY)}, b64 ${Buffer.from(KEY).toString('base64')}, b64url ${Buffer.from(KEY).toString('base64url')}, starts ${KEY.slice(0, 16)}…, ends …${KEY.slice(-14)})`

let fake: FakeAnthropic
let temp: ReturnType<typeof makeTempDir>

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  temp = makeTempDir('hearth-key-echo-')
})
afterEach(() => temp.cleanup())

function expectNoKey(text: string): void {
  for (const form of FORMS) expect(text, `"${form}" leaked`).not.toContain(form)
}

async function call(core: Core, method: string, input: unknown): ReturnType<typeof dispatch> {
  return dispatch(core.handlers, { method, input })
}

describe('a key echoed back by the endpoint', () => {
  it('is redacted from api_calls.error, chat.failed, the connection test and the log', async () => {
    const core = createCore({ home: temp.dir, host: 'web', env: {} })
    try {
      core.services.agents.create('Scribe', testId.agent('scribe'))
      await call(core, 'settings.update', { baseUrl: fake.url })
      await call(core, 'settings.setApiKey', { key: KEY })
      const events: string[] = []
      core.services.events.subscribe((event, payload) => events.push(`${event} ${JSON.stringify(payload)}`))
      fake.fault({ kind: 'http', status: 401, message: ECHO, count: 2 })

      const sent = await call(core, 'chat.send', { agentId: 'scribe', text: 'Hello' })
      await expect
        .poll(() => events.some((line) => line.startsWith('chat.failed')), { timeout: 10_000 })
        .toBe(true)
      const tested = await call(core, 'models.testConnection', {})

      expect(fake.requests.map((request) => request.status)).toEqual([401, 401])
      const failed = events.find((line) => line.startsWith('chat.failed')) ?? ''
      expect(failed).toContain('The API key was rejected')
      expect(failed).toContain('[redacted]')
      expect(tested).toMatchObject({
        ok: true,
        value: { ok: false, status: 401, message: expect.stringContaining('invalid x-api-key: [redacted]') }
      })
      const stored = core.internals.db.prepare('SELECT error FROM api_calls').all() as Array<{
        error: string
      }>
      expect(stored.length).toBeGreaterThan(0)
      expect(stored[0]?.error).toContain('[redacted]')
      for (const text of [
        JSON.stringify(sent),
        events.join('\n'),
        JSON.stringify(tested),
        JSON.stringify(stored),
        existsSync(core.services.paths.logFile) ? readFileSync(core.services.paths.logFile, 'utf8') : ''
      ])
        expectNoKey(text)
    } finally {
      core.dispose()
    }
  })

  it('is redacted from what the CLI prints with --json', async () => {
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url }
    fake.fault({ kind: 'http', status: 401, message: ECHO, count: 2 })
    const chat = await runHearthAsync(['--home', temp.dir, '--json', 'chat', 'Hello'], { env })
    const test = await runHearthAsync(['--home', temp.dir, '--json', 'models', 'test'], { env })
    expect(chat.code).not.toBe(0)
    expect(`${chat.stdout}${chat.stderr}`).toContain('The API key was rejected')
    expect(`${test.stdout}`).toContain('[redacted]')
    for (const run of [chat, test]) expectNoKey(run.stdout + run.stderr)
  })
})

describe('a redirect from the model endpoint', () => {
  let redirector: Server
  let redirectUrl: string
  beforeAll(async () => {
    redirector = createServer((request, response) => {
      response.writeHead(307, { location: `${fake.url}${request.url ?? '/'}` })
      response.end()
    })
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', () => resolve()))
    redirectUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => redirector.close(() => resolve())))

  it('is refused, said so, and the request never reaches the other address', async () => {
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: redirectUrl }
    const test = await runHearthAsync(['--home', temp.dir, '--json', 'models', 'test'], { env })
    expect(test.stdout).toMatch(/answered with a redirect, which Hearth refuses to follow/)
    const chat = await runHearthAsync(['--home', temp.dir, '--json', 'chat', 'Hello'], { env })
    expect(chat.code).not.toBe(0)
    expect(`${chat.stdout}${chat.stderr}`).toMatch(
      /redirect, which Hearth refuses to follow.*Set the base URL/
    )
    expect(fake.requests).toEqual([])
  })
})
