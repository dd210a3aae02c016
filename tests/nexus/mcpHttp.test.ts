import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../src/core/ports/secretStore'
import { parseMcpServers } from '../../src/core/tools/mcp/mcpConfig'
import { McpManager } from '../../src/core/tools/mcp/mcpManager'
import { readSecretHeaders, writeSecretHeaders } from '../../src/core/tools/mcp/mcpSecrets'
import { runTool } from '../../src/core/tools/runTool'
import { runHearth } from '../helpers/cli'
import { startMcpHttpChild } from '../helpers/mcpMembers'
import { makeTempDir } from '../helpers/tempHome'
import { testId } from '../../src/shared/testing/ids'

let temp: ReturnType<typeof makeTempDir>
let child: ChildProcess | undefined
const closers: Array<() => Promise<void>> = []

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-http-')
  runHearth(['--home', temp.dir, 'agents', 'create', 'Coder'])
  writeFileSync(
    join(temp.dir, 'config.json'),
    JSON.stringify({
      mcp: {
        clients: {
          remote: { agent: 'coder', tokenSha256: createHash('sha256').update('bound-token').digest('hex') }
        }
      }
    })
  )
})

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  child?.kill('SIGTERM')
  child = undefined
  temp.cleanup()
})

/** Starts `hearth mcp --http` and reads the `{url, token}` line it prints first. */
async function startHttp(): Promise<{ url: string; token: string }> {
  const started = await startMcpHttpChild(temp.dir)
  child = started.child
  return { url: started.url, token: started.token }
}

async function connect(url: string, token: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } }
    })
  )
  closers.push(() => client.close())
  return client
}

function post(
  url: string,
  token: string,
  body: string,
  headers: Record<string, string> = {}
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${token}`,
      ...headers
    },
    body
  })
}

describe('hearth mcp --http', () => {
  it('serves the same tools over Streamable HTTP to a client with the bearer token', async () => {
    const { url, token } = await startHttp()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const client = await connect(url, token, 'Far Away Agent')
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('nexus_unread')
    const result = (await client.callTool({
      name: 'nexus_post',
      arguments: { type: 'turn', summary: 'Joined over HTTP' }
    })) as { content: Array<{ text: string }> }
    expect(JSON.parse(result.content[0]?.text ?? '').entry).toMatchObject({
      agent: 'far-away-agent',
      channel: 'mcp:far-away-agent'
    })
    const bound = await connect(url, 'bound-token', 'remote')
    const signed = (await bound.callTool({
      name: 'nexus_post',
      arguments: { type: 'turn', summary: 'Signed as coder' }
    })) as { content: Array<{ text: string }> }
    expect(JSON.parse(signed.content[0]?.text ?? '').entry).toMatchObject({
      agent: 'coder',
      channel: 'mcp:remote'
    })
  })

  it('refuses a missing or wrong token, a page from another origin, bodies that are not JSON and batches', async () => {
    const { url, token } = await startHttp()
    expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(401)
    expect((await post(url, 'wrong', '{}')).status).toBe(401)
    expect((await post(url, token, '{}', { origin: 'https://evil.example' })).status).toBe(403)
    const garbage = await post(url, token, '{"jsonrpc":')
    expect(garbage.status).toBe(400)
    expect(await garbage.json()).toMatchObject({ error: { code: -32700 } })
    const batch = await post(url, token, JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]), {
      'mcp-protocol-version': '2025-06-18'
    })
    expect(batch.status).toBe(400)
    expect(await batch.json()).toMatchObject({
      error: {
        code: -32600,
        message: expect.stringContaining('batches are not supported under MCP protocol version 2025-06-18')
      }
    })
  })

  it('serves 1,000 official SDK clients that connect, call and close() in turn, every one', async () => {
    const { url, token } = await startHttp()
    const served: number[] = []
    for (let index = 0; index < 1000; index++) {
      const client = new Client({ name: `visitor-${index}`, version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } }
        })
      )
      const result = (await client.callTool({ name: 'nexus_unread', arguments: {} })) as { isError?: boolean }
      if (result.isError !== true) served.push(index)
      // close() sends no DELETE: the host must reclaim the session by itself.
      await client.close()
    }
    expect(served).toHaveLength(1000)
  }, 400_000)

  it('Hearth’s own MCP client reaches it with the Authorization header kept in the secret store', async () => {
    const { url, token } = await startHttp()
    const secrets = new MemorySecretStore()
    await writeSecretHeaders(secrets, 'nexus', { Authorization: `Bearer ${token}` })
    const manager = new McpManager({
      startTimeoutMs: 15_000,
      callTimeoutMs: 10_000,
      maxCallMs: 30_000,
      clientVersion: 'test',
      secretHeaders: (server) => readSecretHeaders(secrets, server)
    })
    closers.push(() => manager.closeAll())
    const parsed = parseMcpServers({ nexus: { type: 'http', url, secretHeaders: ['Authorization'] } }, {})
    expect(JSON.stringify(parsed.servers)).not.toContain(token)
    manager.configure(parsed.servers)
    const listing = await manager.listTools('nexus')
    if (!listing.ok) throw new Error(listing.error)
    const read = listing.tools.find((tool) => tool.name === 'mcp__nexus__nexus_read')
    expect(
      (await runTool(read!, {}, { agentId: testId.agent('a'), sessionId: testId.session('s') })).ok
    ).toBe(true)
    expect(manager.get('nexus')?.state()).toMatchObject({ status: 'running', transport: 'http' })
  })
})
