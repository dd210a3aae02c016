import WebSocket from 'ws'
import { expect, test } from '../fixtures/hearth'

type Outcome =
  | { readonly opened: true; readonly reply: string }
  | { readonly opened: false; readonly status: number | undefined }

/** Connects with Node's `ws` (not the page), sends app.info once open, reports what happened. */
function tryConnect(url: string, headers: Readonly<Record<string, string>>): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers })
    socket.on('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode })
      socket.terminate()
    })
    socket.on('error', () => resolve({ opened: false, status: undefined }))
    socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'app.info', input: {} })))
    socket.on('message', (data) => {
      resolve({ opened: true, reply: data.toString() })
      socket.close()
    })
  })
}

test('the RPC WebSocket refuses a missing or wrong token and a foreign Origin', async ({ hearth }) => {
  const base = `ws://127.0.0.1:${hearth.port}/rpc`
  const token = encodeURIComponent(hearth.token)

  const good = await tryConnect(`${base}?token=${token}`, { Origin: hearth.origin })
  expect(good.opened, 'control: the right token and Origin are accepted').toBe(true)
  if (good.opened)
    expect(JSON.parse(good.reply)).toMatchObject({
      id: 1,
      result: { ok: true, value: { host: 'web', home: hearth.home } }
    })

  expect(await tryConnect(base, { Origin: hearth.origin })).toEqual({ opened: false, status: 401 })
  expect(await tryConnect(`${base}?token=not-the-token`, { Origin: hearth.origin })).toEqual({
    opened: false,
    status: 401
  })
  expect(await tryConnect(`${base}?token=${token}`, { Origin: 'http://evil.example' })).toEqual({
    opened: false,
    status: 403
  })
  expect(await tryConnect(`${base}?token=${token}`, { Origin: 'http://127.0.0.1:1' })).toEqual({
    opened: false,
    status: 403
  })
})
