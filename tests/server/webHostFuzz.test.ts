import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { methods } from '../../src/shared/contract'
import { MAX_RPC_FRAME_BYTES } from '../../src/shared/contract/limits'
import { collect, openRawWebSocket, openSocket, rawExchange } from '../helpers/rawWire'
import { seededRandom, type Random } from '../helpers/seededRandom'
import { startServeChild, writeTinyRenderer, type ServeChild } from '../helpers/serveChild'
import { makeTempDir } from '../helpers/tempHome'
import { randomFrames, randomHttpRequest, randomJsonText, randomUpgrade } from './fuzzInputs'

/**
 * A bounded fuzz run against a real `hearth serve` process: hostile URLs, upgrades, frames,
 * payloads and slow sockets, then proof that the same process still answers a real call.
 * The seed is fixed (override with HEARTH_FUZZ_SEED) so any failure replays exactly.
 */
const SEED = Number(process.env.HEARTH_FUZZ_SEED ?? 0x4ea47)
const METHOD_NAMES = Object.keys(methods)

let temp: ReturnType<typeof makeTempDir>
let serve: ServeChild
let port: number
let token: string

beforeAll(async () => {
  temp = makeTempDir('hearth-fuzz-')
  serve = await startServeChild(join(temp.dir, 'home'), writeTinyRenderer(join(temp.dir, 'renderer')))
  port = serve.port
  token = serve.token
})

afterAll(async () => {
  await serve.stop()
  temp.cleanup()
})

/** A real client making one real call; the fuzz is only over when this still works. */
function realCall(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown }> {
  return serve.call(method, input)
}

/** Runs `count` jobs, `width` at a time. */
async function inBatches(count: number, width: number, job: (index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(
      Array.from({ length: Math.min(width, count - start) }, (_, offset) => job(start + offset))
    )
  }
}

function expectAlive(): void {
  expect(serve.process.exitCode, `hearth serve exited (seed ${SEED})`).toBeNull()
}

describe(`hearth serve under fuzzed input (seed ${SEED})`, () => {
  const random: Random = seededRandom(SEED)

  it('answers every mangled HTTP request with a status and the security headers', async () => {
    await inBatches(240, 24, async () => {
      const reply = await rawExchange(port, randomHttpRequest(random, port), 10_000)
      expect(reply.closed, reply.text.slice(0, 200)).toBe(true)
      if (reply.status !== undefined)
        expect(reply.text.toLowerCase()).toContain('x-content-type-options: nosniff')
    })
    expectAlive()
  })

  it('refuses or accepts every mangled upgrade, never hangs on one', async () => {
    await inBatches(120, 24, async () => {
      const reply = await rawExchange(port, randomUpgrade(random, port, token), 1500, true)
      expect(
        reply.status === undefined || [101, 400, 401, 403, 404, 405, 426, 503].includes(reply.status),
        reply.text.slice(0, 120)
      ).toBe(true)
    })
    expectAlive()
  })

  it('survives hostile frames on accepted sockets', async () => {
    await inBatches(60, 20, async () => {
      const socket = await openRawWebSocket(port, `/rpc?token=${token}`)
      const reply = collect(socket, 250)
      socket.write(randomFrames(random, MAX_RPC_FRAME_BYTES))
      await reply
    })
    expectAlive()
  })

  it('answers every fuzzed RPC message with a well-formed reply', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${token}`, {
      origin: `http://127.0.0.1:${port}`
    })
    await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
    const replies: unknown[] = []
    socket.on('message', (raw) => replies.push(JSON.parse(raw.toString())))
    const sent = 200
    for (let index = 0; index < sent; index++)
      socket.send(random.chance(0.05) ? random.bytes(64) : randomJsonText(random, METHOD_NAMES))
    await expect
      .poll(
        () =>
          replies.filter((reply) => typeof reply === 'object' && reply !== null && 'result' in reply).length,
        { timeout: 10_000 }
      )
      .toBe(sent)
    for (const reply of replies.filter((r) => typeof r === 'object' && r !== null && 'result' in r)) {
      expect(typeof (reply as { result: { ok: unknown } }).result.ok).toBe('boolean')
    }
    socket.close()
    expectAlive()
  })

  it('keeps answering while 100 sockets hold half-sent headers', async () => {
    const slow = await Promise.all(Array.from({ length: 100 }, () => openSocket(port)))
    slow.forEach((socket) => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `))
    expect(await realCall('app.info', {})).toMatchObject({ ok: true, value: { host: 'web' } })
    slow.forEach((socket) => socket.destroy())
  })

  it('is still the same process, answering real calls, at the end', async () => {
    expectAlive()
    expect(await realCall('app.info', {})).toMatchObject({ ok: true, value: { host: 'web' } })
    expect(await realCall('agents.create', { name: 'After the storm' })).toMatchObject({ ok: true })
  })
})
