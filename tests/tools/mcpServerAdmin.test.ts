import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { McpServersView, McpServerTest } from '../../src/shared/contract/mcpServers'
import { testId } from '../../src/shared/testing/ids'
import { createCore, type Core } from '../../src/core/createCore'
import { MemorySecretStore } from '../../src/core/ports/secretStore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { headersSecretName } from '../../src/core/tools/mcp/mcpSecrets'
import { makeTempDir } from '../helpers/tempHome'
import { FIXTURE_SERVER } from './fixtureServer'

let temp: ReturnType<typeof makeTempDir>
let core: Core
let secrets: MemorySecretStore

beforeEach(() => {
  temp = makeTempDir()
  secrets = new MemorySecretStore()
  writeFileSync(
    join(temp.dir, 'config.json'),
    JSON.stringify({ agents: { scout: { toolsets: ['core', 'mcp-devhub'] } } })
  )
  core = createCore({ home: temp.dir, host: 'web', env: {}, secrets })
  core.services.agents.create('Scout', testId.agent('scout'))
})
afterEach(() => {
  core.dispose()
  temp.cleanup()
})

async function call(method: string, input: unknown): Promise<McpServersView> {
  const result = await dispatch(core.handlers, { method, input })
  if (!result.ok) throw new Error(result.error.message)
  return McpServersView.parse(result.value)
}

async function testResult(name: string): Promise<McpServerTest> {
  const result = await dispatch(core.handlers, { method: 'tools.testServer', input: { name } })
  if (!result.ok) throw new Error(result.error.message)
  return McpServersView.extend({ test: McpServerTest }).parse(result.value).test
}

/** config.json as written: the parts these tests read. */
const ConfigOnDisk = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  agents: z.record(z.string(), z.looseObject({ toolsets: z.unknown() })).optional()
})

function config(): z.infer<typeof ConfigOnDisk> {
  return ConfigOnDisk.parse(JSON.parse(readFileSync(join(temp.dir, 'config.json'), 'utf8')))
}

const devhub = {
  name: 'devhub',
  transport: 'stdio',
  command: process.execPath,
  args: [FIXTURE_SERVER, '--count', '3'],
  env: { LOG: 'quiet' },
  cwd: null,
  url: '',
  trusted: true
}

describe('Settings → Tools manages MCP servers (tools.* servers methods)', () => {
  it('adds a local server, which then runs with its tool count and schema tokens', async () => {
    const view = await call('tools.saveServer', { server: devhub })
    expect(config().mcpServers?.devhub).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: [FIXTURE_SERVER, '--count', '3'],
      env: { LOG: 'quiet' },
      trusted: true
    })
    expect(view.servers).toMatchObject([
      {
        name: 'devhub',
        transport: 'stdio',
        connectedOver: 'stdio',
        status: 'running',
        toolCount: 3,
        trusted: true,
        error: null
      }
    ])
    expect(view.servers[0]?.tokens).toBeGreaterThan(100)
  })

  it('keeps a remote server’s header values in the secret store and only their names in config.json', async () => {
    await call('tools.saveServer', {
      server: { name: 'tracker', transport: 'http', url: 'https://mcp.example.com/mcp', trusted: false },
      headers: { Authorization: 'Bearer tr4cker' }
    })
    expect(config().mcpServers?.tracker).toEqual({
      type: 'http',
      url: 'https://mcp.example.com/mcp',
      secretHeaders: ['Authorization'],
      trusted: false
    })
    expect(readFileSync(join(temp.dir, 'config.json'), 'utf8')).not.toContain('tr4cker')
    expect(JSON.parse((await secrets.getSecret(headersSecretName('tracker'))) ?? '{}')).toEqual({
      Authorization: 'Bearer tr4cker'
    })
    // Editing without new headers keeps them; a rename moves them.
    await call('tools.saveServer', {
      server: { name: 'issues', transport: 'http', url: 'https://mcp.example.com/v2/mcp', trusted: true },
      previousName: 'tracker'
    })
    expect(Object.keys(config().mcpServers ?? {})).toEqual(['issues'])
    expect(await secrets.getSecret(headersSecretName('tracker'))).toBeUndefined()
    expect(JSON.parse((await secrets.getSecret(headersSecretName('issues'))) ?? '{}')).toEqual({
      Authorization: 'Bearer tr4cker'
    })
  })

  it('renames and removes a server; agents’ toolsets follow', async () => {
    await call('tools.saveServer', { server: devhub })
    await call('tools.saveServer', { server: { ...devhub, name: 'hub' }, previousName: 'devhub' })
    expect(config().agents?.['scout']?.toolsets).toEqual(['core', 'mcp-hub'])
    const removed = await call('tools.removeServer', { name: 'hub' })
    expect(removed.servers).toEqual([])
    expect(config().mcpServers).toEqual({})
    expect(config().agents?.['scout']?.toolsets).toEqual(['core'])
  })

  it('refuses a draft that cannot run, and a name taken by another server', async () => {
    await expect(call('tools.saveServer', { server: { ...devhub, command: ' ' } })).rejects.toThrow(
      'A local server needs a command'
    )
    await expect(
      call('tools.saveServer', { server: { name: 'lan', transport: 'http', url: 'http://192.168.1.9/mcp' } })
    ).rejects.toThrow('The URL must use https:// unless the server runs on this machine')
    await call('tools.saveServer', { server: devhub })
    await call('tools.saveServer', { server: { ...devhub, name: 'other' } })
    await expect(
      call('tools.saveServer', { server: { ...devhub, name: 'other' }, previousName: 'devhub' })
    ).rejects.toThrow('There is already a server named "other"')
  })

  it('shows a failed server with its error, stderr and retry time; Test tries again at once', async () => {
    const view = await call('tools.saveServer', {
      server: { ...devhub, name: 'broken', args: [FIXTURE_SERVER, '--fail-start'] }
    })
    expect(view.servers[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('refusing to start'),
      stderr: ['fixture: refusing to start (--fail-start)'],
      retryAt: expect.any(Number)
    })
    const tested = await call('tools.testServer', { name: 'broken' })
    expect(tested.servers[0]).toMatchObject({
      status: 'failed',
      error: expect.not.stringContaining('tries again in')
    })
  })

  it('Test says pass or fail: what was tried, how long it took, the error in words, and each tool with its tokens', async () => {
    await call('tools.saveServer', { server: devhub })
    const tested = await testResult('devhub')
    const passed = { test: tested, servers: (await call('tools.listServers', {})).servers }
    expect(passed.test).toMatchObject({
      server: 'devhub',
      ok: true,
      tried: expect.stringMatching(
        /^Pinged the running server \(`.*server\.mjs --count 3`\) and asked for its tools again$/
      ),
      error: null,
      toolCount: 3
    })
    const server = passed.servers[0]
    expect(server?.tools.map((tool) => tool.name)).toHaveLength(3)
    expect(server?.tools.every((tool) => tool.name.startsWith('mcp__devhub__') && tool.tokens > 0)).toBe(true)
    expect(passed.test.tokens).toBe(server?.tokens)
    expect(passed.test.durationMs).toBeGreaterThanOrEqual(0)

    await call('tools.saveServer', {
      server: { ...devhub, name: 'missing', command: 'no-such-program-hearth' }
    })
    const failed = await testResult('missing')
    expect(failed).toMatchObject({
      ok: false,
      tried: 'Tried to start `no-such-program-hearth ' + FIXTURE_SERVER + ' --count 3`',
      error: expect.stringMatching(/^The command was not found; check "command"/),
      toolCount: 0,
      tokens: 0
    })
  })

  it('Test starts a stopped server and names what it started', async () => {
    writeFileSync(
      join(temp.dir, 'config.json'),
      JSON.stringify({
        mcpServers: { fine: { command: process.execPath, args: [FIXTURE_SERVER, '--count', '2'] } }
      })
    )
    expect(await testResult('fine')).toMatchObject({
      ok: true,
      tried: expect.stringMatching(/^Started `.*server\.mjs --count 2` and listed its tools$/),
      toolCount: 2
    })
  })

  it('lists entries left out of config.json and warnings of the ones used', async () => {
    writeFileSync(
      join(temp.dir, 'config.json'),
      JSON.stringify({
        mcpServers: {
          fine: { command: process.execPath, args: [FIXTURE_SERVER, '--count', '1'], alwaysAllow: [] },
          empty: {}
        }
      })
    )
    const view = await call('tools.listServers', {})
    expect(view.servers.map((s) => s.name)).toEqual(['fine'])
    expect(view.servers[0]?.configWarnings).toEqual([
      'config.json: "alwaysAllow" is not used by Hearth; ignored'
    ])
    expect(view.problems).toEqual([
      'empty: config.json: needs "command" (a program to run) or "url" (a remote server); left out'
    ])
  })
})

describe('tools.parseServers reads what people paste', () => {
  async function parse(text: string): Promise<{
    servers: Array<{ draft: Record<string, unknown>; headers: Record<string, string>; warnings: string[] }>
    problems: string[]
  }> {
    const result = await dispatch(core.handlers, { method: 'tools.parseServers', input: { text } })
    if (!result.ok) throw new Error(result.error.message)
    return result.value as never
  }

  it('reads a Claude Desktop file, a VS Code file, a fragment and a bare remote entry', async () => {
    const desktop = await parse(
      JSON.stringify({
        mcpServers: {
          github: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-github'],
            env: { GITHUB_TOKEN: 'x' }
          }
        }
      })
    )
    expect(desktop.servers).toMatchObject([
      {
        draft: { name: 'github', transport: 'stdio', command: 'npx', env: { GITHUB_TOKEN: 'x' } },
        warnings: []
      }
    ])
    const vscode = await parse(
      JSON.stringify({
        servers: {
          docs: {
            type: 'http',
            url: 'https://docs.example.com/mcp',
            headers: { Authorization: 'Bearer ${input:token}' }
          }
        },
        inputs: []
      })
    )
    expect(vscode.servers[0]).toMatchObject({
      draft: { name: 'docs', transport: 'http' },
      headers: { Authorization: 'Bearer ${input:token}' }
    })
    expect(vscode.servers[0]?.warnings).toContain(
      'pasted entry: uses ${input:…} placeholders (VS Code prompts for them); type the values in instead'
    )
    const fragment = await parse(
      '"memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "autoApprove": [] },'
    )
    expect(fragment.servers).toMatchObject([
      { draft: { name: 'memory' }, warnings: ['pasted entry: "autoApprove" is not used by Hearth; ignored'] }
    ])
    const bare = await parse('{ "url": "https://mcp.linear.app/sse" }')
    expect(bare.servers).toMatchObject([
      { draft: { name: 'linear', transport: 'http', url: 'https://mcp.linear.app/sse' } }
    ])
    expect((await parse('not json at all')).problems[0]).toMatch(/^The text is not JSON/)
  })
})
