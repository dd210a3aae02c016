import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessageChannel } from 'node:worker_threads'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { nodePort } from '../../src/core/rpc/nodePort'
import { portSecretStore, serveSecrets } from '../../src/core/rpc/portSecrets'
import { MemorySecretStore } from '../../src/core/ports/secretStore'
import { connectPort, servePort } from '../../src/core/rpc/portTransport'
import { makeTempDir } from '../helpers/tempHome'
import { checkedTransport } from './transports'

vi.mock('electron', async () => (await import('./electronFake')).electronModule)

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((step) => step())
  cleanup = []
})

function served(): { core: Core; channel: MessageChannel } {
  const temp = makeTempDir()
  const core = createCore({ home: temp.dir, host: 'electron', env: {} })
  const channel = new MessageChannel()
  const stop = servePort(nodePort(channel.port1), core)
  cleanup.push(() => (stop(), channel.port1.close(), channel.port2.close(), core.dispose(), temp.cleanup()))
  return { core, channel }
}

describe('the contract over a worker_threads message port', () => {
  it('answers calls through dispatch (refusals included) and forwards events', async () => {
    const { channel } = served()
    const api = checkedTransport(connectPort(nodePort(channel.port2)))
    const events: string[] = []
    api.subscribe((event) => events.push(event))
    expect(await api.invoke('agents.create', { name: 'Scribe' })).toMatchObject({
      ok: true,
      value: { id: 'scribe' }
    })
    expect(await api.invoke('agents.rename', { id: 'scribe', name: ' ' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
    expect(await api.invoke('no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } })
    await vi.waitFor(() => expect(events).toContain('agents.changed'))
    expect(api.eventErrors).toEqual([])
  })

  it('keeps concurrent answers with their calls', async () => {
    const { channel } = served()
    const api = connectPort(nodePort(channel.port2))
    await api.invoke('agents.create', { name: 'Scribe' })
    const results = await Promise.all(
      ['scribe', 'ghost', 'scribe'].map((id) => api.invoke('tools.list', { agentId: id }))
    )
    expect(results.map((result) => result.ok)).toEqual([true, false, true])
  })

  it('ignores messages that are not calls, and ends every waiting call when the core side closes', async () => {
    const { channel } = served()
    channel.port2.postMessage({ kind: 'call', id: 'x', method: 'agents.list' })
    channel.port2.postMessage('hello')
    const api = connectPort(nodePort(channel.port2))
    expect(await api.invoke('agents.list', {})).toEqual({ ok: true, value: [] })
    const waiting = api.invoke('nexus.verify', {})
    channel.port1.close()
    const gone = {
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/stopped before it answered/) }
    }
    // Answered just before the close, or ended by it: never left hanging.
    const settled = await waiting
    expect(settled.ok ? 'answered' : settled.error.message).toMatch(/^answered$|stopped before it answered/)
    expect(await api.invoke('agents.list', {})).toMatchObject(gone)
  })
})

describe('the secret store across a message port', () => {
  it('gets, saves and describes the key in the owning process, and passes its refusal on', async () => {
    const { port1, port2 } = new MessageChannel()
    cleanup.push(() => (port1.close(), port2.close()))
    const owner = new MemorySecretStore()
    serveSecrets(nodePort(port1), owner)
    const remote = portSecretStore(nodePort(port2))
    expect(await remote.getApiKey()).toBeUndefined()
    await remote.setApiKey({ key: 'sk-abc', origin: 'https://api.anthropic.com' })
    expect(await owner.getApiKey()).toEqual({ key: 'sk-abc', origin: 'https://api.anthropic.com' })
    expect(await remote.getApiKey()).toEqual({ key: 'sk-abc', origin: 'https://api.anthropic.com' })
    await remote.setSecret('mcp/remote/Authorization', 'Bearer t0')
    expect(await owner.getSecret('mcp/remote/Authorization')).toBe('Bearer t0')
    expect(await remote.getSecret('mcp/remote/Authorization')).toBe('Bearer t0')
    await remote.setSecret('mcp/remote/Authorization', undefined)
    expect(await remote.getSecret('mcp/remote/Authorization')).toBeUndefined()
    expect(await remote.describe()).toMatchObject({ persistent: false, protectedByOs: false })
    owner.setApiKey = async () => Promise.reject(new Error('keychain locked'))
    await expect(remote.setApiKey({ key: 'sk-x', origin: 'https://api.anthropic.com' })).rejects.toThrow(
      /secret store: keychain locked/
    )
  })

  it('a core whose secret store is across the port saves the key there', async () => {
    const { port1, port2 } = new MessageChannel()
    const temp = makeTempDir()
    const owner = new MemorySecretStore()
    serveSecrets(nodePort(port1), owner)
    const core = createCore({
      home: temp.dir,
      host: 'electron',
      env: {},
      secrets: portSecretStore(nodePort(port2))
    })
    cleanup.push(() => (port1.close(), port2.close(), core.dispose(), temp.cleanup()))
    expect(
      await dispatch(core.handlers, { method: 'settings.setApiKey', input: { key: 'sk-over-the-port' } })
    ).toMatchObject({ ok: true, value: { configured: true } })
    expect((await owner.getApiKey())?.key).toBe('sk-over-the-port')
  })
})
