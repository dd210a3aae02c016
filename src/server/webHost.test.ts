import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { makeTempDir } from '../../tests/helpers/tempHome'
import { createCore, type Core } from '../core/createCore'
import { startWebHost, type WebHost } from './webHost'

let temp: ReturnType<typeof makeTempDir>
let core: Core
let host: WebHost

beforeEach(async () => {
  temp = makeTempDir()
  const rendererDir = join(temp.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Hearth</title>')
  writeFileSync(join(temp.dir, 'secret.txt'), 'do not serve')
  core = createCore({ home: join(temp.dir, 'home'), host: 'web', env: {} })
  host = await startWebHost({ core, rendererDir })
})
afterEach(async () => {
  await host.close()
  core.dispose()
  temp.cleanup()
})

function upgradeStatus(url: string, headers: Record<string, string>): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => (socket.close(), resolve('open')))
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    socket.once('error', () => resolve(0))
  })
}

function get(path: string, hostHeader?: string): Promise<{ status: number; csp: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers: hostHeader ? { host: hostHeader } : {} }, (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, csp: res.headers['content-security-policy'] as string | undefined })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('web host', () => {
  it('listens on 127.0.0.1 and puts the token in the printed url', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=`))
    expect(host.token.length).toBeGreaterThanOrEqual(24)
  })

  it('accepts a WebSocket with the token from our own origin', async () => {
    const origin = `http://127.0.0.1:${host.port}`
    expect(await upgradeStatus(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}`, { origin })).toBe('open')
  })

  it('refuses a WebSocket without the token, with a wrong token, a foreign origin or a foreign host', async () => {
    const base = `ws://127.0.0.1:${host.port}/rpc`
    const origin = `http://127.0.0.1:${host.port}`
    expect(await upgradeStatus(base, { origin })).toBe(401)
    expect(await upgradeStatus(`${base}?token=wrong`, { origin })).toBe(401)
    expect(await upgradeStatus(`${base}?token=${host.token}`, { origin: 'http://evil.example' })).toBe(403)
    expect(await upgradeStatus(`${base}?token=${host.token}`, { origin, host: `evil.example:${host.port}` })).toBe(421)
  })

  it('serves the renderer with the CSP, and nothing outside its folder', async () => {
    const index = await get('/')
    expect(index.status).toBe(200)
    expect(index.csp).toContain("default-src 'self'")
    expect((await get('/../secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404)
    expect((await get('/', 'rebind.example')).status).toBe(421)
  })
})
