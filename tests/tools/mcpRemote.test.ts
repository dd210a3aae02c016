import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { parseMcpServers } from '../../src/core/tools/mcp/mcpConfig'
import { McpManager } from '../../src/core/tools/mcp/mcpManager'
import { runTool } from '../../src/core/tools/runTool'
import { referenceServerScript } from './referenceServers'
import { testId } from '../../src/shared/testing/ids'
import { unfenced } from '../helpers/toolFence'

const children: ChildProcess[] = []
let manager: McpManager | undefined

afterEach(async () => {
  await manager?.closeAll()
  manager = undefined
})
afterAll(() => {
  for (const child of children) child.kill('SIGTERM')
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
  })
}

/** Runs the "everything" reference server over HTTP (streamableHttp or sse) and waits until it listens. */
async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, [referenceServerScript('everything'), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString()
      if (new RegExp(`(listening on|running on) port ${port}`, 'i').test(seen)) resolve()
    }
    child.stderr?.on('data', onData)
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`everything (${mode}) exited with ${code}: ${seen}`)))
  })
  return `http://127.0.0.1:${port}`
}

function managerFor(servers: Record<string, unknown>): McpManager {
  manager = new McpManager({
    startTimeoutMs: 15_000,
    callTimeoutMs: 10_000,
    maxCallMs: 30_000,
    clientVersion: 'test'
  })
  const parsed = parseMcpServers(servers, {})
  expect(parsed.problems).toEqual([])
  manager.configure(parsed.servers)
  return manager
}

async function echo(server: string, message: string): Promise<string> {
  const listing = await (manager as McpManager).listTools(server)
  if (!listing.ok) throw new Error(listing.error)
  const tool = listing.tools.find((t) => t.name === `mcp__${server}__echo`)
  if (!tool) throw new Error('no echo tool')
  return unfenced(
    (await runTool(tool, { message }, { agentId: testId.agent('a'), sessionId: testId.session('s') })).content
  )
}

describe('remote MCP servers (the official "everything" server over HTTP)', () => {
  it('speaks Streamable HTTP with `type: "http"`', async () => {
    const base = await startEverything('streamableHttp')
    const mcp = managerFor({ remote: { type: 'http', url: `${base}/mcp` } })
    expect(await echo('remote', 'over streamable http')).toBe('Echo: over streamable http')
    expect(mcp.get('remote')?.state()).toMatchObject({ status: 'running', transport: 'http', trusted: false })
  })

  it('speaks legacy SSE with `type: "sse"`, and an untyped URL falls back to it', async () => {
    const base = await startEverything('sse')
    const mcp = managerFor({ legacy: { type: 'sse', url: `${base}/sse` }, pasted: { url: `${base}/sse` } })
    expect(await echo('legacy', 'over sse')).toBe('Echo: over sse')
    expect(await echo('pasted', 'guessed')).toBe('Echo: guessed')
    expect(mcp.get('pasted')?.state()).toMatchObject({ status: 'running', transport: 'sse' })
  })

  it('reports a remote server that cannot be reached, naming the URL', async () => {
    const port = await freePort()
    const mcp = managerFor({ gone: { type: 'http', url: `http://127.0.0.1:${port}/mcp?key=secret` } })
    const listing = await mcp.listTools('gone')
    expect(!listing.ok && listing.error).toMatch(
      new RegExp(
        `^could not start http://127\\.0\\.0\\.1:${port}/mcp: it could not be reached \\(ECONNREFUSED\\)`
      )
    )
    expect(!listing.ok && listing.error).not.toContain('secret')
  })
})
