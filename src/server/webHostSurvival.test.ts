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

  it('at the connection cap, lets a newcomer in by closing the oldest socket with nothing in flight', async () => {
    await harness.restartWith({ maxConnections: 20 })
    const held = []
    for (let index = 0; index < 20; index++) held.push(await openSocket(harness.host.port))
    const heldReplies = held.map((socket) => collect(socket, 10_000))
    // The audit's lock-out: every slot taken by a socket that never sends a byte.
    await expectAnswering()
    const page = await rawExchange(harness.host.port, getRequest(harness.host.port, '/'))
    expect(page.status).toBe(200)
    const dropped = (await Promise.race([
      Promise.all(heldReplies.slice(0, 2)),
      new Promise((r) => setTimeout(r, 5000))
    ])) as Array<{ closed: boolean }> | undefined
    expect(dropped?.map((reply) => reply.closed)).toEqual([true, true])
    held.forEach((socket) => socket.destroy())
  })

  it('drops a socket that never sends a byte after the header timeout', async () => {
    const silent = await openSocket(harness.host.port)
    expect(await collect(silent, 5000)).toMatchObject({ closed: true, status: 408 })
  })

  it('refuses a duplicate Host header with 400, on pages and upgrades', async () => {
    const port = harness.host.port
    const page = await rawExchange(port, getRequest(port, '/', 'Host: evil.example\r\n'))
    expect(page.status).toBe(400)
    expect(page.text.toLowerCase()).toContain('x-content-type-options: nosniff')
    const upgrade = await rawExchange(port, upgradeRequest(port, rpcPath(), `Host: 127.0.0.1:${port}\r\n`))
    expect(upgrade.status).toBe(400)
    await expectAnswering()
  })

  it('sends the security headers with the WebSocket handshake too', async () => {
    const reply = await rawExchange(
      harness.host.port,
      upgradeRequest(harness.host.port, rpcPath()),
      2000,
      true
    )
    expect(reply.status).toBe(101)
    expect(reply.text.toLowerCase()).toContain('x-frame-options: deny')
  })
})
