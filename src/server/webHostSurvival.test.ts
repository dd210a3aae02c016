import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { useWebHost } from '../../tests/helpers/webHostHarness'
import {
  closeCodeIn,
  collect,
  frame,
  getRequest,
  openRawWebSocket,
  openSocket,
  rawExchange,
  upgradeRequest
} from '../../tests/helpers/rawWire'
import { MAX_RPC_FRAME_BYTES } from '../shared/contract/limits'

const harness = useWebHost({ headersTimeoutMs: 1000 })

/** A real RPC over a real WebSocket client: the proof that the host is still up and answering. */
async function call(method: string, input: unknown): Promise<Record<string, unknown>> {
  const socket = new WebSocket(`ws://127.0.0.1:${harness.host.port}/rpc?token=${harness.host.token}`, {
    origin: `http://127.0.0.1:${harness.host.port}`
  })
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
  const reply = new Promise<Record<string, unknown>>((resolve) =>
    socket.once('message', (raw) =>
      resolve((JSON.parse(raw.toString()) as { result: Record<string, unknown> }).result)
    )
  )
  socket.send(JSON.stringify({ id: 1, method, input }))
  const result = await reply
  socket.close()
  return result
}

async function expectAnswering(): Promise<void> {
  expect(await call('app.info', {})).toMatchObject({ ok: true, value: { host: 'web' } })
}

const rpcPath = (): string => `/rpc?token=${harness.host.token}`

describe('the web host survives bad input', () => {
  it('answers a malformed percent-escape with 400 instead of exiting', async () => {
    const reply = await rawExchange(harness.host.port, getRequest(harness.host.port, '/%E0%A4%A'))
    expect(reply.status).toBe(400)
    await expectAnswering()
  })

  it('answers an upgrade to "//", to other paths and with garbled escapes with an HTTP refusal', async () => {
    expect((await rawExchange(harness.host.port, upgradeRequest(harness.host.port, '//'))).status).toBe(404)
    expect(
      (
        await rawExchange(
          harness.host.port,
          upgradeRequest(harness.host.port, `/elsewhere?token=${harness.host.token}`)
        )
      ).status
    ).toBe(404)
    expect(
      (await rawExchange(harness.host.port, upgradeRequest(harness.host.port, '/rpc?token=%E0%A4%A'))).status
    ).toBe(401)
    expect(
      (await rawExchange(harness.host.port, upgradeRequest(harness.host.port, 'http://127.0.0.1/rpc'))).status
    ).toBe(400)
    await expectAnswering()
  })

  it('closes with 1009 on a frame longer than the limit, without reading it', async () => {
    const socket = await openRawWebSocket(harness.host.port, rpcPath())
    const reply = collect(socket)
    socket.write(frame({ opcode: 0x1, payload: Buffer.alloc(0), declaredLength: MAX_RPC_FRAME_BYTES + 1 }))
    expect(closeCodeIn((await reply).text)).toBe(1009)
    await expectAnswering()
  })

  it('closes with 1002 on an unmasked frame and on a reserved opcode', async () => {
    for (const bad of [
      frame({ opcode: 0x1, payload: Buffer.from('{}'), masked: false }),
      frame({ opcode: 0x3, payload: Buffer.from('x') })
    ]) {
      const socket = await openRawWebSocket(harness.host.port, rpcPath())
      const reply = collect(socket)
      socket.write(bad)
      expect(closeCodeIn((await reply).text)).toBe(1002)
    }
    await expectAnswering()
  })

  it('refuses a files.write of 3M "€" by its UTF-8 size, with a clear message', async () => {
    harness.core.services.agents.create('Writer')
    const result = await call('files.write', {
      target: { kind: 'soul', agentId: 'writer' },
      content: '€'.repeat(3_000_000),
      baseHash: ''
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(JSON.stringify(result)).toMatch(/content: .*MB/)
    await expectAnswering()
  })

  it('keeps answering while 30 sockets dribble their headers, and drops them after the header timeout', async () => {
    const slow = await Promise.all(Array.from({ length: 30 }, () => openSocket(harness.host.port)))
    const closed = slow.map((socket) => collect(socket, 10_000))
    slow.forEach((socket) => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${harness.host.port}\r\n`))
    await expectAnswering()
    const replies = await Promise.all(closed)
    expect(replies.every((reply) => reply.closed)).toBe(true)
    await expectAnswering()
  })

  it('caps the number of connections and recovers when they go', async () => {
    await harness.restartWith({ maxConnections: 20 })
    const held = []
    for (let index = 0; index < 20; index++) held.push(await openSocket(harness.host.port))
    held.forEach((socket) => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${harness.host.port}\r\n`))
    const extra = await Promise.all(
      Array.from({ length: 5 }, async () => collect(await openSocket(harness.host.port), 10_000))
    )
    expect(extra.map((reply) => reply.closed)).toEqual([true, true, true, true, true])
    held.forEach((socket) => socket.destroy())
    // The host counts a slot free once it has seen the close, which may trail ours by a moment.
    await expect
      .poll(async () => (await call('app.info', {}).catch(() => ({ ok: false }))).ok, { timeout: 5000 })
      .toBe(true)
  })
})
