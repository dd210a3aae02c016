import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { makeTempDir } from '../helpers/tempHome'
import { testId } from '../../src/shared/testing/ids'

/**
 * Two real model endpoints on two origins (two ports of 127.0.0.1), the real SDK over HTTP,
 * and the question the audit asked: once a key is saved for one of them, can anything make
 * Hearth send it to the other? Every request either server ever received is checked.
 */
let first: FakeAnthropic
let second: FakeAnthropic
let temp: ReturnType<typeof makeTempDir>
let core: Core

beforeAll(async () => {
  ;[first, second] = await Promise.all([startFakeAnthropic(), startFakeAnthropic()])
})
afterAll(async () => {
  await Promise.all([first.close(), second.close()])
})
beforeEach(() => {
  first.reset()
  second.reset()
  temp = makeTempDir()
  core = createCore({ home: temp.dir, host: 'web', env: {} })
  core.services.agents.create('Scribe', testId.agent('scribe'))
})
afterEach(() => {
  core.dispose()
  temp.cleanup()
})

async function call(
  method: string,
  input: unknown
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return dispatch(core.handlers, { method, input }) as never
}

/** Every credential each server was ever shown, in either header the SDK might use. */
function keysSeenBy(server: FakeAnthropic): string[] {
  return server.requests.map(
    (request) => request.headers.authorization ?? request.headers['x-api-key'] ?? '(none)'
  )
}

function turn(): Promise<unknown> {
  return core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'Hello' })
}

describe('a saved key is bound to its origin', () => {
  it('is sent to the origin it was saved for and never to another; each origin keeps its own key', async () => {
    expect(await call('settings.update', { baseUrl: first.url })).toMatchObject({ ok: true })
    expect(await call('settings.setApiKey', { key: 'sk-for-first' })).toMatchObject({
      ok: true,
      value: { origin: first.url, source: 'saved' }
    })
    await turn()
    expect(keysSeenBy(first)).toEqual(['Bearer sk-for-first'])

    // The audit's redirection: point the base URL elsewhere and ask for a turn.
    expect(await call('settings.update', { baseUrl: second.url })).toMatchObject({
      ok: true,
      value: { apiKey: { configured: false, savedFor: first.url, origin: second.url } }
    })
    await expect(turn()).rejects.toThrow(/entered for http:\/\/127\.0\.0\.1:\d+, but requests now go to/)
    const sent = await call('chat.send', { agentId: 'scribe', text: 'Through the contract too' })
    expect(sent).toMatchObject({ ok: false, error: { code: 'llm_unavailable' } })
    expect(second.requests).toEqual([])

    // A key entered for the new origin is kept beside the first, each sent only to its own.
    await call('settings.setApiKey', { key: 'sk-for-second' })
    await turn()
    expect(keysSeenBy(second)).toEqual(['Bearer sk-for-second'])
    expect(await call('settings.update', { baseUrl: first.url })).toMatchObject({
      ok: true,
      value: { apiKey: { configured: true, savedFor: first.url, savedOrigins: [second.url, first.url] } }
    })
    await turn()
    expect(keysSeenBy(first)).toEqual(['Bearer sk-for-first', 'Bearer sk-for-first'])
    expect(keysSeenBy(second)).toEqual(['Bearer sk-for-second'])
  })

  it('never sends ANTHROPIC_API_KEY to a base URL the settings moved elsewhere', async () => {
    core.dispose()
    core = createCore({
      home: temp.dir,
      host: 'web',
      env: { ANTHROPIC_API_KEY: 'sk-from-env', ANTHROPIC_BASE_URL: first.url }
    })
    await turn()
    await call('settings.update', { baseUrl: second.url })
    await expect(turn()).rejects.toThrow(/ANTHROPIC_API_KEY belongs to/)
    expect(keysSeenBy(first)).toEqual(['Bearer sk-from-env'])
    expect(second.requests).toEqual([])
  })

  it('refuses http://any-host before anything is written or sent', async () => {
    await call('settings.update', { baseUrl: first.url })
    await call('settings.setApiKey', { key: 'sk-for-first' })
    expect(await call('settings.update', { baseUrl: 'http://any-host' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('Plain http') }
    })
    await turn()
    expect(keysSeenBy(first)).toEqual(['Bearer sk-for-first'])
  })
})
