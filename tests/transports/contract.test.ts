import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import type { FileDoc, RpcResult, Transport } from '../../src/shared/contract'
import { makeTempDir } from '../helpers/tempHome'
import { startWebSocketTransport, type StartedTransport } from './transports'

const electron = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, request: unknown) => unknown>() }))
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, request: unknown) => unknown) => electron.handlers.set(channel, fn),
    removeHandler: (channel: string) => electron.handlers.delete(channel)
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}))

const { bindIpc, forwardEvents } = await import('../../src/main/ipc')
const { INVOKE_CHANNEL } = await import('../../src/shared/contract/channels')

const TRUSTED_FRAME = { url: 'app://hearth/index.html', parent: null }

/** The Electron transport exactly as main binds it, with `electron` mocked. */
async function startIpcTransport(core: Core): Promise<StartedTransport> {
  const unbind = bindIpc(core.handlers)
  const listeners = new Set<(event: string, payload: unknown) => void>()
  const contents = { isDestroyed: () => false, send: (_channel: string, name: string, payload: unknown) => listeners.forEach((l) => l(name, payload)) }
  const stopForwarding = forwardEvents(contents as never, core.subscribe)
  const transport: Transport = {
    invoke: async (method, input) => (await electron.handlers.get(INVOKE_CHANNEL)?.({ senderFrame: TRUSTED_FRAME }, { method, input })) as RpcResult<unknown>,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  return { transport, stop: async () => (stopForwarding(), unbind()) }
}

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
    api = started.transport
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
    const read = (await api.invoke('files.read', { target: { kind: 'soul', agentId: 'scribe' } })) as RpcResult<FileDoc>
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.content).toContain('You are Scribe')
    const saved = await api.invoke('files.write', { target: read.value.target, content: 'New soul', baseHash: read.value.hash })
    expect(saved.ok).toBe(true)
    expect(readFileSync(read.value.path, 'utf8')).toBe('New soul')
    const stale = await api.invoke('files.write', { target: read.value.target, content: 'Older edit', baseHash: read.value.hash })
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(readFileSync(read.value.path, 'utf8')).toBe('New soul')
  })

  it('refuses bad payloads with the right codes', async () => {
    expect(await api.invoke('agents.create', { name: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(await api.invoke('no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } })
    expect(await api.invoke('files.read', { target: { kind: 'soul', agentId: 'ghost' } })).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('never reveals the API key, only whether one is configured', async () => {
    const saved = await api.invoke('settings.setApiKey', { key: 'sk-secret-123' })
    expect(saved).toMatchObject({ ok: true, value: { configured: true, protectedByOs: false, origin: 'https://api.anthropic.com', source: 'saved' } })
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
    const handler = electron.handlers.get(INVOKE_CHANNEL)
    const request = { method: 'agents.list', input: {} }
    for (const senderFrame of [null, { url: 'https://evil.example/', parent: null }, { url: 'app://hearth/index.html', parent: {} }]) {
      expect(await handler?.({ senderFrame }, request)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(await handler?.({ senderFrame: TRUSTED_FRAME }, request)).toEqual({ ok: true, value: [] })
    unbind()
    core.dispose()
    temp.cleanup()
  })
})
