import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenState } from '../../../shared/contract/webHostProtocol'
import { rpcUrlFromLocation, webSocketTransport, type SocketLike } from './webSocketTransport'

class FakeSocket implements SocketLike {
  readyState = 0
  readonly sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((message: { readonly data: unknown }) => void) | null = null
  onclose: ((event: { readonly code: number }) => void) | null = null
  send(data: string): void {
    this.sent.push(data)
  }
  close(code = 1006): void {
    this.readyState = 3
    this.onclose?.({ code })
  }
  open(): void {
    this.readyState = 1
    this.onopen?.()
  }
  reply(data: unknown): void {
    this.onmessage?.({ data: JSON.stringify(data) })
  }
}

function setup(access?: () => Promise<TokenState>) {
  const sockets: FakeSocket[] = []
  const transport = webSocketTransport({
    url: 'ws://127.0.0.1:1/rpc',
    ...(access ? { access } : {}),
    initialDelayMs: 100,
    maxDelayMs: 400,
    createSocket: () => {
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket
    }
  })
  const statuses: string[] = []
  transport.onStatus((status) => statuses.push(status))
  return { transport, sockets, statuses, last: () => sockets[sockets.length - 1]! }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('webSocketTransport', () => {
  it('refuses to send a message longer than the host accepts in one frame, and says how long it is', async () => {
    const { transport, last } = setup()
    last().open()
    const result = await transport.invoke('files.write', { content: '€'.repeat(6_000_000) })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/17\.2 MB, more than the 16\.0 MB/) }
    })
    expect(last().sent).toEqual([])
  })

  it('queues calls until open, matches replies by id and forwards events', async () => {
    const { transport, last } = setup()
    const events: unknown[] = []
    transport.subscribe((event, payload) => events.push([event, payload]))
    const pending = transport.invoke('app.info', {})
    expect(last().sent).toEqual([])
    last().open()
    expect(JSON.parse(last().sent[0]!)).toEqual({ id: 1, method: 'app.info', input: {} })
    last().reply({ event: 'agents.changed', payload: { agents: [] } })
    last().reply({ id: 1, result: { ok: true, value: 'hi' } })
    await expect(pending).resolves.toEqual({ ok: true, value: 'hi' })
    expect(events).toEqual([['agents.changed', { agents: [] }]])
  })

  it('fails in-flight calls on a drop, reconnects with growing delays, then sends queued calls', async () => {
    vi.useFakeTimers()
    const { transport, sockets, statuses, last } = setup()
    last().open()
    const inFlight = transport.invoke('agents.list', {})
    last().close()
    await expect(inFlight).resolves.toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting'])
    const queued = transport.invoke('agents.list', {})
    vi.advanceTimersByTime(100)
    expect(sockets).toHaveLength(2)
    last().close()
    vi.advanceTimersByTime(199)
    expect(sockets).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(3)
    last().open()
    expect(statuses.at(-1)).toBe('connected')
    const sent = JSON.parse(last().sent[0]!) as { id: number }
    last().reply({ id: sent.id, result: { ok: true, value: [] } })
    await expect(queued).resolves.toEqual({ ok: true, value: [] })
    transport.close()
  })

  it('without a token it refuses every call and never connects', async () => {
    const { transport, sockets, statuses } = setup(async () => 'missing')
    const early = transport.invoke('app.info', {})
    await expect(early).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no access token') }
    })
    await expect(transport.invoke('app.info', {})).resolves.toMatchObject({ ok: false })
    expect(sockets).toEqual([])
    expect(statuses).toEqual(['connecting', 'refused'])
  })

  it('with a token from an earlier run it says the tab is out of date and never connects', async () => {
    const { transport, sockets, statuses } = setup(async () => 'stale')
    await expect(transport.invoke('app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no longer valid') }
    })
    expect(sockets).toEqual([])
    expect(statuses).toEqual(['connecting', 'expired'])
  })

  it('stops reconnecting when the host closes the socket because the token expired', async () => {
    vi.useFakeTimers()
    const { transport, sockets, statuses, last } = setup(async () => 'valid')
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    last().open()
    last().close(4401)
    expect(statuses).toEqual(['connecting', 'connected', 'expired'])
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
    await expect(transport.invoke('agents.list', {})).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('printed') }
    })
  })

  it('builds the RPC address from the page address, without the token', () => {
    expect(rpcUrlFromLocation({ protocol: 'http:', host: '127.0.0.1:5' })).toBe('ws://127.0.0.1:5/rpc')
    expect(rpcUrlFromLocation({ protocol: 'https:', host: 'x:1' })).toBe('wss://x:1/rpc')
  })
})
