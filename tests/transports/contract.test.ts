import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import type { FileDoc, RpcResult, Transport } from '../../src/shared/contract'
import { bindIpc } from '../../src/main/ipc'
import { INVOKE_CHANNEL } from '../../src/shared/contract/channels'
import { makeTempDir } from '../helpers/tempHome'
import { ipcHandlers } from './electronFake'
import {
  checkedTransport,
  startIpcTransport,
  startWebSocketTransport,
  TRUSTED_FRAME,
  type StartedTransport
} from './transports'

vi.mock('electron', async () => (await import('./electronFake')).electronModule)

describe.each([
  ['electron ipc', (core: Core) => startIpcTransport(core)],
  ['websocket', (core: Core, dir: string) => startWebSocketTransport(core, dir)]
])('the contract over the %s transport', (_name, start) => {
  let temp: ReturnType<typeof makeTempDir>
  let core: Core
  let started: StartedTransport
  let api: Transport

  beforeEach(async () => {
    temp = makeTempDir()
    core = createCore({ home: temp.dir, host: 'web', env: {} })
    started = await start(core, temp.dir)
    api = checkedTransport(started.transport)
  })
  afterEach(async () => {
    await started.stop()
    core.dispose()
    temp.cleanup()
  })

  it('creates an agent, lists it, and pushes agents.changed', async () => {
    const events: string[] = []
    api.subscribe((event) => events.push(event))
    const created = await api.invoke('agents.create', { name: 'Scribe' })
    expect(created).toMatchObject({ ok: true, value: { id: 'scribe', name: 'Scribe' } })
    expect(await api.invoke('agents.list', {})).toMatchObject({ ok: true, value: [{ id: 'scribe' }] })
    await vi.waitFor(() => expect(events).toContain('agents.changed'))
  })

  it('reads a seeded SOUL.md, saves it atomically, and refuses a stale save with conflict', async () => {
    await api.invoke('agents.create', { name: 'Scribe' })
    const read = (await api.invoke('files.read', {
      target: { kind: 'soul', agentId: 'scribe' }
    })) as RpcResult<FileDoc>
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.content).toContain('You are Scribe')
    const saved = await api.invoke('files.write', {
      target: read.value.target,
      content: 'New soul',
      baseHash: read.value.hash
    })
    expect(saved.ok).toBe(true)
    expect(readFileSync(read.value.path, 'utf8')).toBe('New soul')
    const stale = await api.invoke('files.write', {
      target: read.value.target,
      content: 'Older edit',
      baseHash: read.value.hash
    })
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(readFileSync(read.value.path, 'utf8')).toBe('New soul')
  })

  it('refuses bad payloads with the right codes', async () => {
    expect(await api.invoke('agents.create', { name: 42 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
    expect(await api.invoke('no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } })
    expect(await api.invoke('files.read', { target: { kind: 'soul', agentId: 'ghost' } })).toMatchObject({
      ok: false,
      error: { code: 'not_found' }
    })
  })

  it('never reveals the API key, only whether one is configured', async () => {
    const saved = await api.invoke('settings.setApiKey', { key: 'sk-secret-123' })
    expect(saved).toMatchObject({
      ok: true,
      value: { configured: true, protectedByOs: false, origin: 'https://api.anthropic.com', source: 'saved' }
    })
    expect(JSON.stringify(saved)).not.toContain('sk-secret-123')
    const view = await api.invoke('settings.get', {})
    expect(JSON.stringify(view)).not.toContain('sk-secret-123')
    expect(view).toMatchObject({ ok: true, value: { apiKey: { configured: true } } })
  })
})

describe('electron ipc sender check', () => {
  it('refuses calls from iframes and foreign origins', async () => {
    const temp = makeTempDir()
    const core = createCore({ home: temp.dir, host: 'electron', env: {} })
    const unbind = bindIpc(core.handlers)
    const handler = ipcHandlers.get(INVOKE_CHANNEL)
    const request = { method: 'agents.list', input: {} }
    for (const senderFrame of [
      null,
      { url: 'https://evil.example/', parent: null },
      { url: 'app://hearth/index.html', parent: {} }
    ]) {
      expect(await handler?.({ senderFrame }, request)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' }
      })
    }
    expect(await handler?.({ senderFrame: TRUSTED_FRAME }, request)).toEqual({ ok: true, value: [] })
    unbind()
    core.dispose()
    temp.cleanup()
  })
})

describe('the checked transport the contract tests use', () => {
  const replying = (value: unknown, event?: [string, unknown]): Transport => ({
    invoke: async () => ({ ok: true, value }),
    subscribe: (listener) => {
      if (event) queueMicrotask(() => listener(...event))
      return () => undefined
    }
  })

  it('rejects a value outside the output schema, and one with undeclared fields', async () => {
    await expect(
      checkedTransport(replying({ deleted: false })).invoke('agents.delete', { id: 'a' })
    ).rejects.toThrow(/agents\.delete .*deleted/)
    await expect(
      checkedTransport(replying({ deleted: true, extra: 1 })).invoke('agents.delete', { id: 'a' })
    ).rejects.toThrow(/undeclared \(extra\)/)
    expect(await checkedTransport(replying({ deleted: true })).invoke('agents.delete', { id: 'a' })).toEqual({
      ok: true,
      value: { deleted: true }
    })
  })

  it('records events whose payload or name is outside the contract', async () => {
    const checked = checkedTransport(replying(null, ['agents.changed', { agents: 'none' }]))
    checked.subscribe(() => undefined)
    await vi.waitFor(() =>
      expect(checked.eventErrors).toEqual([expect.stringMatching(/^agents\.changed: agents/)])
    )
  })
})
