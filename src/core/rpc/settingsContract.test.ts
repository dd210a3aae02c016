import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../createCore'
import { dispatch } from './dispatch'

describe('settings.* over the contract', () => {
  let dir: string
  let core: Core
  const call = (method: string, input: unknown) => dispatch(core.handlers, { method, input })
  const configPath = (): string => join(dir, 'config.json')
  const onDisk = (): Record<string, unknown> => JSON.parse(readFileSync(configPath(), 'utf8'))
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-settings-rpc-'))
    core = createCore({ home: dir, host: 'web', env: {} })
  })
  afterEach(() => {
    core.dispose()
    rmSync(dir, { recursive: true, force: true })
  })

  it('settings.get reports provider, limits and retention with their defaults', async () => {
    expect(await call('settings.get', {})).toMatchObject({
      ok: true,
      value: {
        settings: {
          provider: 'anthropic',
          context_file_max_chars: null,
          memory: { memoryCharLimit: 4000, userCharLimit: 2000 },
          recall: { k: 5 },
          retention: { idleMinutes: 30, minChars: 60 }
        },
        configErrors: []
      }
    })
  })

  it('settings.get says where requests go when the Base URL is empty: Anthropic, or ANTHROPIC_BASE_URL', async () => {
    expect(await call('settings.get', {})).toMatchObject({
      value: { endpoint: { url: 'https://api.anthropic.com', source: 'default' } }
    })
    const fromEnv = createCore({
      home: dir,
      host: 'web',
      env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000/proxy' }
    })
    try {
      expect(await dispatch(fromEnv.handlers, { method: 'settings.get', input: {} })).toMatchObject({
        value: { endpoint: { url: 'http://127.0.0.1:4000/proxy', source: 'ANTHROPIC_BASE_URL' } }
      })
      await dispatch(fromEnv.handlers, {
        method: 'settings.update',
        input: { baseUrl: 'https://llm.example' }
      })
      expect(await dispatch(fromEnv.handlers, { method: 'settings.get', input: {} })).toMatchObject({
        value: { endpoint: { url: 'https://llm.example', source: 'config.json' } }
      })
    } finally {
      fromEnv.dispose()
    }
  })

  it('settings.update merges nested patches into config.json and keeps unknown keys', async () => {
    writeFileSync(configPath(), JSON.stringify({ custom: 'kept', memory: { userCharLimit: 1500, extra: 1 } }))
    const result = await call('settings.update', {
      provider: 'anthropic',
      memory: { memoryCharLimit: 6000 },
      retention: { idleMinutes: 0 },
      context_file_max_chars: 30000
    })
    expect(result).toMatchObject({
      ok: true,
      value: {
        settings: {
          memory: { memoryCharLimit: 6000, userCharLimit: 1500 },
          retention: { idleMinutes: 0 },
          context_file_max_chars: 30000
        }
      }
    })
    expect(onDisk()).toEqual({
      custom: 'kept',
      provider: 'anthropic',
      memory: { memoryCharLimit: 6000, userCharLimit: 1500, extra: 1 },
      retention: { idleMinutes: 0 },
      context_file_max_chars: 30000
    })
    // The running core reads the new values without a restart.
    expect(core.services.settings.config().retention.idleMinutes).toBe(0)
  })

  it('refuses out-of-bounds values with invalid_input naming the field, writing nothing', async () => {
    writeFileSync(configPath(), '{ "model": "m" }\n')
    const cases: readonly [unknown, string][] = [
      [{ memory: { memoryCharLimit: -1 } }, 'memory.memoryCharLimit'],
      [{ recall: { k: 51 } }, 'recall.k'],
      [{ retention: { idleMinutes: 1.5 } }, 'retention.idleMinutes'],
      [{ context_file_max_chars: 0 }, 'context_file_max_chars'],
      [{ provider: '' }, 'provider']
    ]
    for (const [input, field] of cases) {
      const result = await call('settings.update', input)
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
      if (!result.ok) expect(result.error.message.startsWith(`${field}:`)).toBe(true)
    }
    expect(readFileSync(configPath(), 'utf8')).toBe('{ "model": "m" }\n')
  })

  it('refuses with conflict while config.json is malformed', async () => {
    writeFileSync(configPath(), '{ "recall": { "k": 99 } }')
    expect(await call('settings.update', { retention: { idleMinutes: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'conflict' }
    })
    expect(readFileSync(configPath(), 'utf8')).toBe('{ "recall": { "k": 99 } }')
  })

  it('refuses a plain-http base URL to another machine with the reason, writing nothing', async () => {
    writeFileSync(configPath(), '{ "model": "m" }\n')
    const result = await call('settings.update', { baseUrl: 'http://any-host' })
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(
          /^baseUrl: Plain http is only allowed to this computer.*https:\/\/any-host/
        )
      }
    })
    expect(await call('settings.update', { baseUrl: 'https://user:pw@gateway.example' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('user name or password') }
    })
    expect(readFileSync(configPath(), 'utf8')).toBe('{ "model": "m" }\n')
    expect(await call('settings.update', { baseUrl: 'http://127.0.0.1:11434' })).toMatchObject({ ok: true })
  })

  it('reports a hand-edited plain-http base URL as a config problem and sends requests to the default instead', async () => {
    writeFileSync(configPath(), '{ "baseUrl": "http://gateway.internal:4000" }\n')
    const view = await call('settings.get', {})
    expect(view).toMatchObject({
      ok: true,
      value: { settings: { baseUrl: null }, apiKey: { origin: 'https://api.anthropic.com' } }
    })
    if (view.ok)
      expect((view.value as { configErrors: string[] }).configErrors.join(' ')).toMatch(/baseUrl.*Plain http/)
  })
})
