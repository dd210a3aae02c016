import { describe, expect, it } from 'vitest'
import type { Handlers } from '../../shared/contract'
import { conflict, HearthError } from '../errors'
import { silentLogger, type Logger } from '../ports/logger'
import { dispatch } from './dispatch'

function handlers(overrides: Partial<Record<string, (input: unknown) => Promise<unknown>>> = {}): Handlers {
  return new Proxy(overrides, {
    get: (target, name: string) => target[name] ?? (async () => ({ echoed: name }))
  }) as unknown as Handlers
}

describe('dispatch', () => {
  it('refuses a malformed envelope with bad_request', async () => {
    for (const request of [null, 'agents.list', { input: {} }, { method: 5 }]) {
      const result = await dispatch(handlers(), request)
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    }
  })

  it('refuses an unknown method with unknown_method, including prototype names', async () => {
    for (const method of ['agents.explode', '__proto__', 'constructor', 'toString']) {
      const result = await dispatch(handlers(), { method, input: {} })
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } })
    }
  })

  it('refuses invalid input with invalid_input naming the field', async () => {
    const result = await dispatch(handlers(), { method: 'agents.create', input: { name: '' } })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    if (!result.ok) expect(result.error.message).toMatch(/^name: /)
    const badId = await dispatch(handlers(), { method: 'agents.delete', input: { id: '../etc' } })
    expect(badId).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const badTarget = await dispatch(handlers(), {
      method: 'files.read',
      input: { target: { kind: 'soul', agentId: '../../x' } }
    })
    expect(badTarget).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('passes parsed input to the handler and wraps the value', async () => {
    let seen: unknown
    const result = await dispatch(
      handlers({
        'agents.create': async (input) => ((seen = input), { id: 'a', name: 'A', createdAtMs: 1 })
      }),
      { method: 'agents.create', input: { name: '  Scribe  ' } }
    )
    expect(seen).toEqual({ name: 'Scribe' })
    expect(result).toEqual({ ok: true, value: { id: 'a', name: 'A', createdAtMs: 1 } })
  })

  it('turns a HearthError into its code and anything else into internal', async () => {
    const known = await dispatch(handlers({ 'agents.list': async () => Promise.reject(conflict('busy')) }), {
      method: 'agents.list',
      input: {}
    })
    expect(known).toEqual({ ok: false, error: { code: 'conflict', message: 'busy' } })
    const bug = await dispatch(
      handlers({ 'agents.list': async () => Promise.reject(new TypeError('boom')) }),
      { method: 'agents.list', input: {} }
    )
    expect(bug).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } })
  })

  it('records an unexpected failure under a request id the message names; an expected one is not logged', async () => {
    const lines: { message: string; fields: Record<string, unknown> | undefined }[] = []
    const log: Logger = {
      ...silentLogger,
      error: (message, fields) => void lines.push({ message, fields }),
      child: () => log
    }
    const errors = { log, file: '/home/someone/.hearth/logs/hearth.log' }
    const bug = await dispatch(
      handlers({ 'agents.list': async () => Promise.reject(new TypeError('boom')) }),
      { method: 'agents.list', input: {} },
      errors
    )
    expect(bug.ok).toBe(false)
    const error = bug.ok ? undefined : bug.error
    expect(error?.requestId).toMatch(/^[0-9a-f]{8}$/)
    expect(error?.message).toBe(`boom (request ${error?.requestId}, details in ${errors.file})`)
    expect(lines).toEqual([
      {
        message: 'unexpected error in agents.list',
        fields: { method: 'agents.list', requestId: error?.requestId, error: expect.any(TypeError) }
      }
    ])
    const damaged = await dispatch(
      handlers({ 'agents.list': async () => Promise.reject(new HearthError('internal', 'row damaged')) }),
      { method: 'agents.list', input: {} },
      errors
    )
    expect(damaged).toMatchObject({ ok: false, error: { code: 'internal', requestId: expect.any(String) } })
    const refused = await dispatch(
      handlers({ 'agents.list': async () => Promise.reject(conflict('busy')) }),
      { method: 'agents.list', input: {} },
      errors
    )
    expect(refused).toEqual({ ok: false, error: { code: 'conflict', message: 'busy' } })
    expect(lines).toHaveLength(2)
  })

  it('checks what a handler answers: a mismatch is an internal error naming the field, extra fields are dropped', async () => {
    const lines: string[] = []
    const log: Logger = { ...silentLogger, error: (message) => void lines.push(message), child: () => log }
    const errors = { log, file: '/tmp/hearth.log' }
    const wrong = await dispatch(
      handlers({ 'agents.create': async () => ({ id: 'a', name: 7, createdAtMs: 1 }) }),
      { method: 'agents.create', input: { name: 'A' } },
      errors
    )
    expect(wrong).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(/^The answer does not match the contract: name: /)
      }
    })
    expect(lines).toEqual(['unexpected error in agents.create'])
    const extra = await dispatch(
      handlers({
        'agents.create': async () => ({ id: 'a', name: 'A', createdAtMs: 1, apiKey: 'sk-secret' })
      }),
      { method: 'agents.create', input: { name: 'A' } }
    )
    expect(extra).toEqual({ ok: true, value: { id: 'a', name: 'A', createdAtMs: 1 } })
  })
})
