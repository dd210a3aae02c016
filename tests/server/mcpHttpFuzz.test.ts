import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runHearth } from '../helpers/cli'
import { startMcpHttpChild } from '../helpers/mcpMembers'
import { collect, openSocket, rawExchange } from '../helpers/rawWire'
import { seededRandom } from '../helpers/seededRandom'
import { makeTempDir } from '../helpers/tempHome'
import { randomHttpRequest, randomJsonText } from './fuzzInputs'

/**
 * Hostile input against a real `hearth mcp --http` process: malformed JSON-RPC, oversized
 * bodies, wrong content types, bad session ids and tokens, traversals, slow and many clients.
 * Each request gets its own specific status and error, and afterwards a well-behaved official
 * SDK client still connects and calls a tool (and one connected before it all still works).
 * The random part's seed is fixed (override with HEARTH_FUZZ_SEED) so a failure replays.
 */
const SEED = Number(process.env.HEARTH_FUZZ_SEED ?? 0x3c9)
const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }
}

let temp: ReturnType<typeof makeTempDir>
let child: ChildProcess
let url: string
let token: string
let port: number
let resident: Client
const clients: Client[] = []

beforeAll(async () => {
  temp = makeTempDir('hearth-mcp-fuzz-')
  runHearth(['--home', temp.dir, 'agents', 'create', 'Ella'])
  const bound = createHash('sha256').update('bound-token').digest('hex')
  writeFileSync(
    join(temp.dir, 'config.json'),
    JSON.stringify({ mcp: { clients: { remote: { agent: 'ella', tokenSha256: bound } } } })
  )
  ;({ child, url, token } = await startMcpHttpChild(temp.dir))
  port = Number(new URL(url).port)
  resident = await connect('resident')
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)))
  child?.kill('SIGTERM')
  temp?.cleanup()
})

async function connect(name: string, bearer = token): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${bearer}` } }
    })
  )
  clients.push(client)
  return client
}

/** A real client's real call: the proof that nobody was locked out. */
async function stillServed(client?: Client): Promise<void> {
  expect(child.exitCode, `hearth mcp --http exited (seed ${SEED})`).toBeNull()
  const caller = client ?? (await connect(`after-${clients.length}`))
  const result = (await caller.callTool({ name: 'nexus_unread', arguments: {} })) as { isError?: boolean }
  expect(result.isError).not.toBe(true)
}

interface Sent {
  readonly status: number
  readonly body: { error?: unknown } & Record<string, unknown>
  readonly headers: Headers
}

async function send(init: {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string | Buffer
}): Promise<Sent> {
  const response = await fetch(`http://127.0.0.1:${port}${init.path ?? '/mcp'}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      ...init.headers
    },
    ...(init.body === undefined ? {} : { body: init.body })
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers }
}

/** A raw session opened by an initialize, for requests the SDK client would never send. */
async function openSession(): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`
    },
    body: JSON.stringify(INIT)
  })
  await response.body?.cancel()
  const id = response.headers.get('mcp-session-id')
  if (!id) throw new Error(`initialize answered ${response.status} without a session`)
  return id
}

const rpcError = (code: number, message: RegExp): Record<string, unknown> => ({
  jsonrpc: '2.0',
  error: { code, message: expect.stringMatching(message) }
})

describe(`hearth mcp --http under hostile input (seed ${SEED})`, () => {
  it('answers malformed JSON-RPC with a parse error or an invalid request, never a session', async () => {
    for (const body of ['{"jsonrpc":', '', '\u0000\u00ff', '{"a":'.repeat(5000), '['.repeat(100_000)])
      expect(await send({ body }), body.slice(0, 20)).toMatchObject({
        status: 400,
        body: rpcError(-32700, /^Parse error/)
      })
    for (const body of ['{}', 'null', '42', '"x"', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'])
      expect(await send({ body }), body).toMatchObject({
        status: 400,
        body: rpcError(-32600, /Missing mcp-session-id header; initialize first/)
      })
    expect(await send({ body: '[]', headers: { 'mcp-protocol-version': '2025-06-18' } })).toMatchObject({
      status: 400,
      body: rpcError(-32600, /batches are not supported/)
    })
    const session = await openSession()
    const inSession = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }
    for (const body of [
      '{}',
      '{"jsonrpc":"1.0","id":1,"method":"x"}',
      '{"jsonrpc":"2.0","id":{},"method":5}'
    ])
      expect(await send({ body, headers: inSession }), body).toMatchObject({
        status: 400,
        body: rpcError(-32700, /Invalid JSON-RPC message/)
      })
    expect(await send({ body: JSON.stringify(INIT), headers: inSession })).toMatchObject({
      status: 400,
      body: rpcError(-32600, /already initialized/)
    })
    await stillServed(resident)
  }, 60_000)

  it('refuses bodies over the limit, declared or sent, with 413', async () => {
    const huge = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20)
    expect(await send({ body: huge })).toMatchObject({
      status: 413,
      body: rpcError(-32600, /over 4194304 bytes/)
    })
    const declared = await rawExchange(
      port,
      [
        'POST /mcp HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'Content-Length: 1000000000',
        'Connection: close',
        '',
        '{'
      ].join('\r\n'),
      5_000,
      true
    )
    expect(declared.status).toBe(413)
    await stillServed(resident)
  }, 60_000)

  it('refuses a wrong content type with 415 and a wrong Accept with 406, before opening a session', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''])
      expect(
        await send({ body: JSON.stringify(INIT), headers: { 'content-type': type } }),
        type
      ).toMatchObject({
        status: 415,
        body: rpcError(-32000, /Unsupported Media Type/)
      })
    for (const accept of ['text/html', 'application/json', 'text/event-stream', '*/*'])
      expect(await send({ body: JSON.stringify(INIT), headers: { accept } }), accept).toMatchObject({
        status: 406,
        body: rpcError(-32000, /Not Acceptable/)
      })
    await stillServed(resident)
  }, 60_000)

  it('answers bad session ids with 404 (unknown) or 400 (missing), on every method', async () => {
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'x',
      'a'.repeat(4000),
      '../../etc/passwd',
      '%00'
    ])
      for (const method of ['POST', 'GET', 'DELETE']) {
        const sent = await send({
          method,
          headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
          ...(method === 'POST' ? { body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' } : {})
        })
        expect(sent, `${method} ${id.slice(0, 12)}`).toMatchObject({
          status: 404,
          body: rpcError(-32600, /Unknown or ended session; initialize again/)
        })
      }
    for (const method of ['GET', 'DELETE'])
      expect(await send({ method }), method).toMatchObject({
        status: 400,
        body: rpcError(-32600, /Missing mcp-session-id header/)
      })
    // A session ended with DELETE is gone for good.
    const session = await openSession()
    expect((await send({ method: 'DELETE', headers: { 'mcp-session-id': session } })).status).toBe(200)
    expect((await send({ method: 'GET', headers: { 'mcp-session-id': session } })).status).toBe(404)
    await stillServed(resident)
  }, 60_000)

  it('answers bad tokens with 401 and a challenge, and a session stays with the token that opened it', async () => {
    const cases: Array<Record<string, string>> = [
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`user:${token}`).toString('base64')}` },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(1)}` },
      { authorization: `Bearer ${token} extra` },
      { authorization: `Bearer ${'t'.repeat(6000)}` },
      { authorization: `Token ${token}` }
    ]
    for (const headers of cases) {
      const sent = await send({ body: JSON.stringify(INIT), headers })
      expect(sent.status, headers.authorization?.slice(0, 20)).toBe(401)
      expect(sent.body.error).toMatch(/A valid bearer token is required/)
      expect(sent.headers.get('www-authenticate')).toBe('Bearer realm="hearth-mcp"')
    }
    const twice = await rawExchange(
      port,
      [
        'POST /mcp HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        'Authorization: Bearer bound-token',
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'Content-Length: 2',
        'Connection: close',
        '',
        '{}'
      ].join('\r\n')
    )
    expect(twice.status).toBe(400)
    expect(twice.text).toContain('Exactly one Authorization header')
    const session = await openSession()
    const stolen = await send({
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      headers: {
        authorization: 'Bearer bound-token',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18'
      }
    })
    expect(stolen).toMatchObject({ status: 403, body: rpcError(-32600, /opened with another token/) })
    await stillServed(resident)
  }, 60_000)

  it('serves /mcp only: traversals, other paths and absolute forms are 404, a foreign Host 421', async () => {
    const paths = [
      '/mcp/../mcp',
      '/%2e%2e/mcp',
      '/mcp/',
      '/MCP',
      '//mcp',
      '/mcp%00',
      '/mcp/..%2f..%2fetc%2fpasswd',
      '/../../../etc/passwd',
      '/mcp;x',
      '/.env',
      '/'
    ]
    // Sent byte for byte: fetch would resolve `..` and `%2e%2e` before the host saw them.
    const body = JSON.stringify(INIT)
    for (const path of paths) {
      const reply = await rawExchange(
        port,
        [
          `POST ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${token}`,
          'Content-Type: application/json',
          'Accept: application/json, text/event-stream',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body
        ].join('\r\n')
      )
      expect(reply.status, path).toBe(404)
      expect(reply.text, path).toContain('Not found: the MCP endpoint is /mcp')
    }
    const absolute = await rawExchange(
      port,
      `POST http://127.0.0.1:${port}/mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`
    )
    expect(absolute.status).toBe(404)
    const foreign = await rawExchange(
      port,
      `POST /mcp HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`
    )
    expect(foreign.status).toBe(421)
    await stillServed(resident)
  }, 60_000)

  it('answers every randomly mangled request with a status and the security headers', async () => {
    const random = seededRandom(SEED)
    const session = await openSession()
    for (let batch = 0; batch < 8; batch++)
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const reply = await rawExchange(port, randomHttpRequest(random, port), 10_000)
          expect(reply.closed, reply.text.slice(0, 200)).toBe(true)
          if (reply.status !== undefined)
            expect(reply.text.toLowerCase()).toContain('x-content-type-options: nosniff')
        })
      )
    for (let index = 0; index < 150; index++) {
      const withSession = random.chance(0.5)
      const sent = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          ...(withSession ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {})
        },
        body: randomJsonText(random, ['tools/list', 'tools/call', 'ping', 'resources/read', 'x'])
      })
      await sent.body?.cancel()
      expect(withSession ? [200, 202, 400] : [400], `${sent.status}`).toContain(sent.status)
    }
    await stillServed(resident)
  }, 120_000)

  it('keeps serving while slow clients hold half-sent headers and bodies, then times them out', async () => {
    const slowHeads = await Promise.all(Array.from({ length: 60 }, () => openSocket(port)))
    slowHeads.forEach((socket) => socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `))
    const slowBodies = await Promise.all(Array.from({ length: 20 }, () => openSocket(port)))
    slowBodies.forEach((socket) =>
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
          'Content-Length: 100\r\n\r\n{"jsonrpc":'
      )
    )
    const silent = await Promise.all(Array.from({ length: 60 }, () => openSocket(port)))
    await stillServed()
    await stillServed(resident)
    // The header timeout (10 s) ends a half-sent head with 408.
    const ended = await collect(slowHeads[0]!, 20_000)
    expect(ended).toMatchObject({ closed: true, status: 408 })
    for (const socket of [...slowHeads, ...slowBodies, ...silent]) socket.destroy()
  }, 60_000)

  it('serves 40 official SDK clients at once, each with its own session and calls', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const client = await connect(`crowd-${index}`)
        const posted = (await client.callTool({
          name: 'nexus_post',
          arguments: { type: 'turn', summary: `Crowd member ${index} checked in` }
        })) as { isError?: boolean }
        const read = (await client.callTool({ name: 'nexus_read', arguments: { limit: 5 } })) as {
          isError?: boolean
        }
        await client.close()
        return posted.isError !== true && read.isError !== true
      })
    )
    expect(results.filter(Boolean)).toHaveLength(40)
    await stillServed(resident)
  }, 120_000)

  it('is the same process at the end, and a newcomer connects and calls a tool', async () => {
    await stillServed()
    await stillServed(resident)
    const bound = await connect('remote', 'bound-token')
    const posted = (await bound.callTool({
      name: 'nexus_post',
      arguments: { type: 'turn', summary: 'Still here after the storm' }
    })) as { content: Array<{ text: string }> }
    expect(JSON.parse(posted.content[0]?.text ?? '{}').entry).toMatchObject({ agent: 'ella' })
  }, 60_000)
})
