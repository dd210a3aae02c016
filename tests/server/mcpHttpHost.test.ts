import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { createNexusMcpServer } from '../../src/core/nexus/mcp/nexusMcpServer'
import { startMcpHttpHost, type McpHttpHost, type McpHttpLimits } from '../../src/server/mcpHttpHost'
import { tokenHash } from '../../src/server/mcpSessions'
import { collect, openSocket, rawExchange } from '../helpers/rawWire'
import { makeTempDir } from '../helpers/tempHome'

/**
 * The MCP HTTP host in process, on a real core, with the official SDK client: what a client
 * that never says goodbye, a client with another token, a foreign Host and silent sockets do.
 */
let temp: ReturnType<typeof makeTempDir>
let core: Core
let host: McpHttpHost
const clients: Client[] = []

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-host-')
  core = createCore({ home: temp.dir, host: 'cli', env: {} })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await host?.close()
  core.dispose()
  temp.cleanup()
})

async function start(limits: Partial<McpHttpLimits> = {}): Promise<McpHttpHost> {
  const { services } = core
  host = await startMcpHttpHost({
    port: 0,
    token: 'main-token',
    acceptsToken: (token) => tokenHash(token) === tokenHash('bound-token'),
    createServer: (token) =>
      createNexusMcpServer({
        nexus: services.nexus,
        memory: services.memory,
        knowledge: services.knowledge,
        version: 'test',
        bindings: () => ({}),
        agentIds: () => [],
        token,
        transport: 'http'
      }),
    limits
  })
  return host
}

async function connect(token = 'main-token'): Promise<Client> {
  const client = new Client({ name: 'visitor', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(host.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } }
    })
  )
  clients.push(client)
  return client
}

function raw(lines: string[]): string {
  return `${lines.join('\r\n')}\r\n\r\n`
}

const port = (): number => Number(new URL(host.url).port)

describe('the MCP HTTP host', () => {
  it('closes a session idle past the timeout, and the client can start again', async () => {
    await start({ sessionIdleMs: 300 })
    const client = await connect()
    await client.listTools()
    // The SDK's close() sends no DELETE; only the idle timeout ends the session.
    await client.close()
    expect(host.sessionCount()).toBe(1)
    await expect.poll(() => host.sessionCount(), { timeout: 5000 }).toBe(0)
    expect((await (await connect()).listTools()).tools.length).toBeGreaterThan(0)
  })

  it('makes room at the cap by closing the session idle the longest', async () => {
    await start({ maxSessions: 3 })
    const first = await connect()
    const second = await connect()
    const third = await connect()
    await second.listTools()
    await third.listTools()
    await first.listTools()
    // Now `second` is the one idle longest; its open GET stream is not activity.
    const fourth = await connect()
    expect(host.sessionCount()).toBe(3)
    await expect(fourth.listTools()).resolves.toBeTruthy()
    await expect(first.listTools()).resolves.toBeTruthy()
    await expect(third.listTools()).resolves.toBeTruthy()
    await expect(second.listTools()).rejects.toThrow(/404|Unknown or ended session/)
  })

  it('answers a session only for the token that opened it', async () => {
    await start()
    const client = await connect()
    await client.listTools()
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? ''
    const stolen = await fetch(host.url, {
      method: 'POST',
      headers: {
        authorization: 'Bearer bound-token',
        'mcp-session-id': sessionId,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18'
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' })
    })
    expect(stolen.status).toBe(403)
    expect(await stolen.json()).toMatchObject({ error: { message: /another token/ } })
    // The bound token opens its own session fine.
    expect((await (await connect('bound-token')).listTools()).tools.length).toBeGreaterThan(0)
  })

  it('refuses a foreign or duplicate Host, and every answer carries the security headers', async () => {
    await start()
    const foreign = await rawExchange(
      port(),
      raw([
        'POST /mcp HTTP/1.1',
        'Host: evil.example',
        'Authorization: Bearer main-token',
        'Connection: close'
      ])
    )
    expect(foreign.status).toBe(421)
    const twice = await rawExchange(
      port(),
      raw([
        'GET /mcp HTTP/1.1',
        `Host: 127.0.0.1:${port()}`,
        'Host: evil.example',
        'Authorization: Bearer main-token',
        'Connection: close'
      ])
    )
    expect(twice.status).toBe(400)
    const unauthorised = await fetch(host.url, { method: 'POST', body: '{}' })
    const missing = await fetch(host.url.replace('/mcp', '/elsewhere'))
    for (const text of [foreign.text, twice.text])
      expect(text.toLowerCase()).toContain('x-frame-options: deny')
    for (const response of [unauthorised, missing]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
    const client = await connect()
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
  })

  it('drops a socket that never sends a byte after the header timeout, and silent sockets at the cap never lock clients out', async () => {
    await start({ headersTimeoutMs: 500, maxConnections: 10 })
    const silent = await openSocket(port())
    const dropped = await collect(silent, 5000)
    expect(dropped).toMatchObject({ closed: true, status: 408 })
    const held = await Promise.all(Array.from({ length: 10 }, () => openSocket(port())))
    const client = await connect()
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    held.forEach((socket) => socket.destroy())
  })
})
