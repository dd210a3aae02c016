import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { McpServerState } from '../../src/core/tools/mcp/mcpConnectionTypes'
import { parseMcpServers } from '../../src/core/tools/mcp/mcpConfig'
import { McpManager, type McpTimeouts } from '../../src/core/tools/mcp/mcpManager'
import { RETRY_DELAYS_MS } from '../../src/core/tools/mcp/retryBackoff'
import { checkToolDefinition } from '../../src/core/tools/registry'
import { runTool } from '../../src/core/tools/runTool'
import { makeTempDir } from '../helpers/tempHome'
import { fixtureServer } from './fixtureServer'
import { testId } from '../../src/shared/testing/ids'
import { unfenced } from '../helpers/toolFence'

const context = { agentId: testId.agent('a'), sessionId: testId.session('s') }
let manager: McpManager | undefined
afterEach(async () => {
  await manager?.closeAll()
  manager = undefined
})

const clock = { ms: 1_000_000 }

/** A manager over config.json-shaped entries (parsed like the real config), with a clock the test moves. */
function start(
  servers: Record<string, unknown>,
  timeouts: Partial<McpTimeouts> = {}
): { manager: McpManager; states: McpServerState[] } {
  const states: McpServerState[] = []
  manager = new McpManager({
    startTimeoutMs: 15_000,
    callTimeoutMs: 10_000,
    maxCallMs: 60_000,
    ...timeouts,
    clientVersion: 'test',
    now: () => clock.ms,
    onChange: (state) => states.push(state)
  })
  const parsed = parseMcpServers(servers, {})
  expect(parsed.problems).toEqual([])
  manager.configure(parsed.servers)
  return { manager, states }
}

describe('MCP servers over stdio (real fixture server)', () => {
  it('starts on demand, lists 40 namespaced tools with valid schemas, and calls one', async () => {
    const { manager, states } = start({ devhub: fixtureServer(['--profile', 'devhub']) })
    expect(manager.get('devhub')?.state().status).toBe('stopped')
    const listing = await manager.listTools('devhub')
    if (!listing.ok) throw new Error(listing.error)
    expect(listing.tools).toHaveLength(40)
    expect(
      listing.tools.every((tool) => /^mcp__devhub__[a-z_]+$/.test(tool.name) && tool.toolset === 'mcp-devhub')
    ).toBe(true)
    expect(listing.tools.flatMap((tool) => checkToolDefinition(tool))).toEqual([])
    expect(states.map((s) => s.status)).toEqual(['starting', 'running', 'running'])
    const create = listing.tools.find((tool) => tool.name === 'mcp__devhub__create_issue')
    if (!create) throw new Error('create_issue missing')
    const outcome = await runTool(create, { repo: 'acme/web', title: 'Crash on save' }, context)
    expect(outcome.ok).toBe(true)
    expect(JSON.parse(unfenced(outcome.content))).toMatchObject({
      tool: 'create_issue',
      arguments: { repo: 'acme/web', title: 'Crash on save' }
    })
  })

  it('drops a tool whose schema is broken and says why', async () => {
    const { manager } = start({ odd: fixtureServer(['--count', '3', '--bad-schema']) })
    const listing = await manager.listTools('odd')
    if (!listing.ok) throw new Error(listing.error)
    expect(listing.tools.map((t) => t.name)).toEqual([
      'mcp__odd__list_repositories',
      'mcp__odd__get_repository',
      'mcp__odd__create_repository'
    ])
    expect(listing.problems).toEqual([
      'broken_tool: dropped, schema problem: $.properties.x.type: must be one of object, array, string, number, integer, boolean, null (or a list of them)'
    ])
  })

  it('reports a crash as a readable tool error and restarts the server on the next call', async () => {
    const { manager, states } = start({ fragile: fixtureServer(['--crash-on', 'delete_issue']) })
    const listing = await manager.listTools('fragile')
    if (!listing.ok) throw new Error(listing.error)
    const byName = new Map(listing.tools.map((t) => [t.name, t]))
    const first = await runTool(byName.get('mcp__fragile__get_issue')!, { issue_number: '1' }, context)
    const crashed = await runTool(
      byName.get('mcp__fragile__delete_issue')!,
      { issue_number: '1', confirm: true },
      context
    )
    expect(crashed.ok).toBe(false)
    expect(JSON.parse(crashed.content)).toEqual({
      error:
        'MCP server "fragile" stopped while running "delete_issue" (stderr: fixture: crashing on delete_issue (--crash-on)). Hearth restarts it on the next call.',
      error_type: 'mcp_crashed'
    })
    expect(manager.get('fragile')?.state()).toMatchObject({ status: 'crashed', restarts: 0 })
    expect(states.some((s) => s.status === 'crashed' && s.error?.includes('exited unexpectedly'))).toBe(true)
    const again = await runTool(byName.get('mcp__fragile__get_issue')!, { issue_number: '2' }, context)
    expect(again.ok).toBe(true)
    expect(JSON.parse(unfenced(again.content)).pid).not.toBe(JSON.parse(unfenced(first.content)).pid)
    expect(manager.get('fragile')?.state()).toMatchObject({ status: 'running', restarts: 1 })
  })

  it('times out a call that never answers and keeps the server usable', async () => {
    const { manager } = start({ slow: fixtureServer(['--hang-on', 'list_issues']) }, { callTimeoutMs: 400 })
    const listing = await manager.listTools('slow')
    if (!listing.ok) throw new Error(listing.error)
    const byName = new Map(listing.tools.map((t) => [t.name, t]))
    const hung = await runTool(byName.get('mcp__slow__list_issues')!, {}, context)
    expect(JSON.parse(hung.content)).toEqual({
      error: '"list_issues" on MCP server "slow" did not answer within 400 ms.',
      error_type: 'mcp_timeout'
    })
    expect((await runTool(byName.get('mcp__slow__get_issue')!, { issue_number: '9' }, context)).ok).toBe(true)
  })

  it('a server that cannot start is reported, not fatal', async () => {
    const { manager } = start({
      broken: fixtureServer(['--fail-start']),
      fine: fixtureServer(['--count', '2'])
    })
    const [broken, fine] = await manager.listMany(['broken', 'fine'])
    expect(broken).toMatchObject({ ok: false, server: 'broken' })
    expect(broken && !broken.ok ? broken.error : '').toMatch(/could not start .*fixture: refusing to start/)
    expect(manager.get('broken')?.state().status).toBe('failed')
    expect(fine?.ok && fine.tools.length).toBe(2)
  })

  it('a missing command is reported with the command name', async () => {
    const { manager } = start({ ghost: { type: 'stdio', command: 'hearth-no-such-binary' } })
    const listing = await manager.listTools('ghost')
    expect(listing.ok).toBe(false)
    expect(!listing.ok && listing.error).toBe(
      'could not start `hearth-no-such-binary`: the command was not found; check "command" and that the program is installed and on PATH'
    )
  })

  it('a banner on stdout fails the start at once instead of after the whole timeout', async () => {
    const { manager } = start({ chatty: fixtureServer(['--stdout-banner']) }, { startTimeoutMs: 20_000 })
    const began = Date.now()
    const listing = await manager.listTools('chatty')
    expect(Date.now() - began).toBeLessThan(10_000)
    expect(!listing.ok && listing.error).toMatch(
      /: it wrote something that is not MCP on stdout \(Unexpected token 'H', "Hello from".*\); a stdio server may write only JSON-RPC there and its logs to stderr$/
    )
  })

  it('a missing script names the line that says why, and keeps the last stderr lines', async () => {
    const temp = makeTempDir('hearth-mcp-missing-')
    try {
      const { manager } = start({
        lost: { command: process.execPath, args: [join(temp.dir, 'no-such-server.js')] }
      })
      const listing = await manager.listTools('lost')
      expect(!listing.ok && listing.error).toMatch(
        /exited during the MCP handshake \(stderr: Error: Cannot find module '.*no-such-server\.js'\)$/
      )
      const state = manager.get('lost')?.state()
      expect(state?.stderr.length).toBeGreaterThan(2)
      expect(state?.stderr.at(-1)).toMatch(/^Node\.js v/)
    } finally {
      temp.cleanup()
    }
  })

  it('does not retry a failed server on every use: it backs off, and Test tries at once', async () => {
    const { manager, states } = start({ broken: fixtureServer(['--fail-start']) })
    expect((await manager.listTools('broken')).ok).toBe(false)
    const starts = (): number => states.filter((s) => s.status === 'starting').length
    expect(starts()).toBe(1)
    expect(manager.get('broken')?.state().retryAt).toBe(clock.ms + (RETRY_DELAYS_MS[0] as number))
    const again = await manager.listTools('broken')
    expect(!again.ok && again.error).toMatch(
      /\(Hearth tries again in 30 s, or press Test in Settings → Tools\)$/
    )
    expect(starts()).toBe(1)
    clock.ms += RETRY_DELAYS_MS[0] as number
    await manager.listTools('broken')
    expect(starts()).toBe(2)
    expect(manager.get('broken')?.state().retryAt).toBe(clock.ms + (RETRY_DELAYS_MS[1] as number))
    await expect(manager.get('broken')?.test()).rejects.toThrow(/refusing to start/)
    expect(starts()).toBe(3)
  })

  it('sends a progress token, so progress extends the deadline, up to the maximum', async () => {
    const { manager } = start(
      {
        long: fixtureServer([
          '--count',
          '2',
          '--progress-on',
          'list_repositories',
          '--steps',
          '4',
          '--step-ms',
          '250'
        ])
      },
      { callTimeoutMs: 600, maxCallMs: 5_000 }
    )
    const listing = await manager.listTools('long')
    if (!listing.ok) throw new Error(listing.error)
    const tool = listing.tools.find((t) => t.name === 'mcp__long__list_repositories')!
    const done = await runTool(tool, {}, context)
    expect(JSON.parse(unfenced(done.content))).toEqual({
      tool: 'list_repositories',
      steps: 4,
      progressToken: true
    })
    const capped = start(
      {
        capped: fixtureServer([
          '--count',
          '2',
          '--progress-on',
          'list_repositories',
          '--steps',
          '8',
          '--step-ms',
          '250'
        ])
      },
      { callTimeoutMs: 600, maxCallMs: 1_000 }
    )
    const cappedListing = await capped.manager.listTools('capped')
    if (!cappedListing.ok) throw new Error(cappedListing.error)
    const outcome = await runTool(
      cappedListing.tools.find((t) => t.name === 'mcp__capped__list_repositories')!,
      {},
      context
    )
    expect(JSON.parse(outcome.content)).toEqual({
      error:
        '"list_repositories" on MCP server "capped" did not answer within 1 s in all (the most Hearth waits, even while the server reports progress).',
      error_type: 'mcp_timeout'
    })
  })

  it('a tools/list_changed notification refreshes the list for the next listing', async () => {
    const { manager } = start({
      growing: fixtureServer(['--count', '2', '--change-tools-on', 'get_repository'])
    })
    const before = await manager.listTools('growing')
    if (!before.ok) throw new Error(before.error)
    expect(before.tools.map((t) => t.name)).toEqual([
      'mcp__growing__list_repositories',
      'mcp__growing__get_repository'
    ])
    await runTool(before.tools[1]!, { repo: 'x' }, context)
    await expect.poll(() => manager.get('growing')?.state().toolsChangedAt).toBe(clock.ms)
    const after = await manager.listTools('growing')
    expect(after.ok && after.tools.map((t) => t.name)).toContain('mcp__growing__added_tool')
  })

  it('reconfiguring removes servers that left config.json and restarts changed ones', async () => {
    const { manager } = start({ one: fixtureServer(['--count', '1']), two: fixtureServer(['--count', '1']) })
    await manager.listMany(['one', 'two'])
    const oldOne = manager.get('one')
    manager.configure(parseMcpServers({ one: fixtureServer(['--count', '2']) }, {}).servers)
    expect(manager.serverNames()).toEqual(['one'])
    expect(manager.get('one')).not.toBe(oldOne)
    const listing = await manager.listTools('one')
    expect(listing.ok && listing.tools.length).toBe(2)
  })
})
