import { request, type IncomingHttpHeaders } from 'node:http'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { useWebHost } from '../../tests/helpers/webHostHarness'
import { TOKEN_EXPIRED_CLOSE_CODE } from '../shared/contract/webHostProtocol'

const harness = useWebHost()

function get(
  path: string,
  cookie?: string
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = cookie === undefined ? {} : { cookie }
    const req = request({ host: '127.0.0.1', port: harness.host.port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const cookieName = (): string => `hearth-token-${harness.host.port}`
const goodCookie = (): string => `other=1; ${cookieName()}=${harness.host.token}`

/** What a browser-like client (our Origin, a cookie, no ?token=) gets when it opens /rpc. */
function openWithCookie(
  cookie: string | undefined
): Promise<{ opened: boolean; closeCode?: number; status?: number }> {
  const origin = `http://127.0.0.1:${harness.host.port}`
  const socket = new WebSocket(`ws://127.0.0.1:${harness.host.port}/rpc`, {
    origin,
    headers: cookie === undefined ? {} : { cookie }
  })
  return new Promise((resolve) => {
    let opened = false
    socket.once('open', () => {
      opened = true
      socket.send(JSON.stringify({ id: 1, method: 'app.info', input: {} }))
    })
    socket.once('message', () => socket.close())
    socket.once('close', (code) => resolve({ opened, closeCode: code }))
    socket.once('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode ?? 0 }))
  })
}

describe('the token leaves the address after the first load', () => {
  it('trades a valid ?token= for an HttpOnly, SameSite=Strict cookie and redirects to the bare address', async () => {
    const first = await get(`/?token=${encodeURIComponent(harness.host.token)}&view=chat`)
    expect(first.status).toBe(303)
    expect(first.headers.location).toBe('/?view=chat')
    expect(first.headers['set-cookie']).toEqual([
      `${cookieName()}=${harness.host.token}; Path=/; HttpOnly; SameSite=Strict`
    ])
    expect(first.body).not.toContain(harness.host.token)
    expect(first.headers['referrer-policy']).toBe('no-referrer')
  })

  it('never redirects off-site, whatever the path', async () => {
    for (const path of ['//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/']) {
      expect((await get(`${path}?token=${harness.host.token}`)).headers.location, path).toBe('/')
    }
  })

  it('does not store a wrong token: the page is served and the address keeps it, for the page to explain', async () => {
    const wrong = await get('/?token=from-an-earlier-run')
    expect(wrong.status).toBe(200)
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('tells the page whether its cookie is valid, missing or from an earlier run', async () => {
    expect(JSON.parse((await get('/token-status', goodCookie())).body)).toEqual({ token: 'valid' })
    expect(JSON.parse((await get('/token-status')).body)).toEqual({ token: 'missing' })
    expect(JSON.parse((await get('/token-status', `${cookieName()}=old`)).body)).toEqual({ token: 'stale' })
    expect(JSON.parse((await get('/token-status', `hearth-token-1=${harness.host.token}`)).body)).toEqual({
      token: 'missing'
    })
  })

  it('accepts the cookie on the RPC socket, closes a stale one with a code the page reads, refuses none', async () => {
    expect(await openWithCookie(goodCookie())).toMatchObject({ opened: true })
    expect(await openWithCookie(`${cookieName()}=old`)).toEqual({
      opened: true,
      closeCode: TOKEN_EXPIRED_CLOSE_CODE
    })
    expect(await openWithCookie(undefined)).toEqual({ opened: false, status: 401 })
    expect(await openWithCookie('garbage;;==;')).toEqual({ opened: false, status: 401 })
  })
})
