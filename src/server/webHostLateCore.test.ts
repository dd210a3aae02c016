import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { makeTempDir } from '../../tests/helpers/tempHome'
import { createCore, type Core } from '../core/createCore'
import { startWebHost, type WebHost } from './webHost'

let temp: ReturnType<typeof makeTempDir> | undefined
let host: WebHost | undefined
let core: Core | undefined
afterEach(async () => {
  await host?.close()
  core?.dispose()
  temp?.cleanup()
  host = core = temp = undefined
})

/** A host started on the promise of a core, as `hearth serve` starts it, and that promise's ends. */
async function hostBeforeCore(): Promise<{ open: () => Core; fail: (error: Error) => void }> {
  temp = makeTempDir()
  const rendererDir = join(temp.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Hearth</title>')
  let resolve: (core: Core) => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const later = new Promise<Core>((ok, no) => ((resolve = ok), (reject = no)))
  host = await startWebHost({ core: later, rendererDir })
  const home = join(temp.dir, 'home')
  return {
    open: () => {
      core = createCore({ home, host: 'web', env: {} })
      resolve(core)
      return core
    },
    fail: reject
  }
}

function socketTo(served: WebHost): WebSocket {
  return new WebSocket(`ws://127.0.0.1:${served.port}/rpc?token=${served.token}`, {
    headers: { origin: `http://127.0.0.1:${served.port}` }
  })
}

describe('a web host started before its core', () => {
  it('serves the page at once and completes a WebSocket once the core is there, calls answered', async () => {
    const late = await hostBeforeCore()
    const page = await fetch(`http://127.0.0.1:${host!.port}/`)
    expect(page.status).toBe(200)
    const socket = socketTo(host!)
    let opened = false
    socket.once('open', () => (opened = true))
    // Round trips on other connections go on meanwhile; the handshake still waits.
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${host!.port}/`)).status).toBe(200)
    expect(opened).toBe(false)
    late.open()
    await new Promise((resolve) => socket.once('open', resolve))
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))))
    socket.send(JSON.stringify({ id: 1, method: 'agents.list', input: {} }))
    expect(JSON.parse(await reply)).toEqual({ id: 1, result: { ok: true, value: [] } })
    socket.close()
  })

  it('refuses a waiting WebSocket with 503 when the core cannot open', async () => {
    const late = await hostBeforeCore()
    const socket = socketTo(host!)
    const status = new Promise<number>((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    )
    socket.on('error', () => undefined)
    late.fail(new Error('the database is gone'))
    expect(await status).toBe(503)
  })
})
