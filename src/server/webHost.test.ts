import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { getRequest, rawExchange, upgradeRequest } from '../../tests/helpers/rawWire'
import { useWebHost } from '../../tests/helpers/webHostHarness'

const harness = useWebHost()

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
    const req = request(
      { host: '127.0.0.1', port: harness.host.port, path, headers: hostHeader ? { host: hostHeader } : {} },
      (res) => {
        res.resume()
        resolve({
          status: res.statusCode ?? 0,
          csp: res.headers['content-security-policy'] as string | undefined
        })
      }
    )
    req.on('error', reject)
    req.end()
  })
}

describe('web host', () => {
  it('listens on 127.0.0.1 and puts the token in the printed url', () => {
    expect(harness.host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${harness.host.port}/\\?token=`))
    expect(harness.host.token.length).toBeGreaterThanOrEqual(24)
  })

  it('accepts a WebSocket with the token from our own origin', async () => {
    const origin = `http://127.0.0.1:${harness.host.port}`
    expect(
      await upgradeStatus(`ws://127.0.0.1:${harness.host.port}/rpc?token=${harness.host.token}`, { origin })
    ).toBe('open')
  })

  it('refuses a WebSocket without the token, with a wrong token, a foreign origin or a foreign host', async () => {
    const base = `ws://127.0.0.1:${harness.host.port}/rpc`
    const origin = `http://127.0.0.1:${harness.host.port}`
    expect(await upgradeStatus(base, { origin })).toBe(401)
    expect(await upgradeStatus(`${base}?token=wrong`, { origin })).toBe(401)
    expect(
      await upgradeStatus(`${base}?token=${harness.host.token}`, { origin: 'http://evil.example' })
    ).toBe(403)
    expect(
      await upgradeStatus(`${base}?token=${harness.host.token}`, {
        origin,
        host: `evil.example:${harness.host.port}`
      })
    ).toBe(421)
  })

  it('serves the renderer with the CSP, and nothing outside its folder', async () => {
    const index = await get('/')
    expect(index.status).toBe(200)
    expect(index.csp).toContain("default-src 'self'")
    expect((await get('/../secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404)
    expect((await get('/', 'rebind.example')).status).toBe(421)
  })

  it('sends the security headers with every answer, errors and refusals included', async () => {
    const port = harness.host.port
    const answers = {
      page: getRequest(port, '/'),
      missing: getRequest(port, '/nope.js'),
      'bad escape': getRequest(port, '/%E0%A4%A'),
      'wrong method': `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      'wrong host': getRequest(port, '/').replace(`Host: 127.0.0.1:${port}`, 'Host: rebind.example'),
      'bad request line': 'NOT HTTP\r\n\r\n',
      'upgrade without token': upgradeRequest(port, '/rpc'),
      'upgrade from another site': upgradeRequest(port, `/rpc?token=${harness.host.token}`).replace(
        `Origin: http://127.0.0.1:${port}`,
        'Origin: http://evil.example'
      )
    }
    for (const [name, request] of Object.entries(answers)) {
      const head = (await rawExchange(port, request)).text.split('\r\n\r\n')[0]?.toLowerCase() ?? ''
      expect(head, name).toMatch(/^http\/1\.1 \d{3}/)
      expect(head, name).toContain("content-security-policy: default-src 'self'")
      expect(head, name).toContain("frame-ancestors 'none'")
      expect(head, name).toContain('x-content-type-options: nosniff')
      expect(head, name).toContain('referrer-policy: no-referrer')
    }
  })
})
