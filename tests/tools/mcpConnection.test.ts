import { afterEach, describe, expect, it } from 'vitest'
import type { McpServerState } from '../../src/core/tools/mcp/mcpConnection'
import { McpManager } from '../../src/core/tools/mcp/mcpManager'
import { checkToolDefinition } from '../../src/core/tools/registry'
import { runTool } from '../../src/core/tools/runTool'
import { fixtureServer } from './fixtureServer'

const context = { agentId: 'a', sessionId: 's' }
let manager: McpManager | undefined
afterEach(async () => {
  await manager?.closeAll()
  manager = undefined
})

function start(servers: Record<string, ReturnType<typeof fixtureServer>>, callTimeoutMs = 10_000): { manager: McpManager; states: McpServerState[] } {
  const states: McpServerState[] = []
  manager = new McpManager({ startTimeoutMs: 15_000, callTimeoutMs, clientVersion: 'test', onChange: (state) => states.push(state) })
  manager.configure(servers)
  return { manager, states }
}

describe('MCP servers over stdio (real fixture server)', () => {
  it('starts on demand, lists 40 namespaced tools with valid schemas, and calls one', async () => {
    const { manager, states } = start({ devhub: fixtureServer(['--profile', 'devhub']) })
    expect(manager.get('devhub')?.state().status).toBe('stopped')
    const listing = await manager.listTools('devhub')
    if (!listing.ok) throw new Error(listing.error)
    expect(listing.tools).toHaveLength(40)
    expect(listing.tools.every((tool) => /^mcp__devhub__[a-z_]+$/.test(tool.name) && tool.toolset === 'mcp-devhub')).toBe(true)
    expect(listing.tools.flatMap((tool) => checkToolDefinition(tool))).toEqual([])
    expect(states.map((s) => s.status)).toEqual(['starting', 'running', 'running'])
    const create = listing.tools.find((tool) => tool.name === 'mcp__devhub__create_issue')
    if (!create) throw new Error('create_issue missing')
    const outcome = await runTool(create, { repo: 'acme/web', title: 'Crash on save' }, context)
    expect(outcome.ok).toBe(true)
    expect(JSON.parse(outcome.content)).toMatchObject({ tool: 'create_issue', arguments: { repo: 'acme/web', title: 'Crash on save' } })
  })

  it('drops a tool whose schema is broken and says why', async () => {
    const { manager } = start({ odd: fixtureServer(['--count', '3', '--bad-schema']) })
    const listing = await manager.listTools('odd')
    if (!listing.ok) throw new Error(listing.error)
    expect(listing.tools.map((t) => t.name)).toEqual(['mcp__odd__list_repositories', 'mcp__odd__get_repository', 'mcp__odd__create_repository'])
    expect(listing.problems).toEqual(['broken_tool: dropped, schema problem: $.properties.x.type: must be one of object, array, string, number, integer, boolean, null (or a list of them)'])
  })

  it('reports a crash as a readable tool error and restarts the server on the next call', async () => {
    const { manager, states } = start({ fragile: fixtureServer(['--crash-on', 'delete_issue']) })
    const listing = await manager.listTools('fragile')
    if (!listing.ok) throw new Error(listing.error)
    const byName = new Map(listing.tools.map((t) => [t.name, t]))
    const first = await runTool(byName.get('mcp__fragile__get_issue')!, { issue_number: '1' }, context)
    const crashed = await runTool(byName.get('mcp__fragile__delete_issue')!, { issue_number: '1', confirm: true }, context)
    expect(crashed.ok).toBe(false)
    expect(JSON.parse(crashed.content)).toEqual({
      error: 'MCP server "fragile" stopped while running "delete_issue" (stderr: fixture: crashing on delete_issue (--crash-on)). Hearth restarts it on the next call.',
      error_type: 'mcp_crashed'
    })
    expect(manager.get('fragile')?.state()).toMatchObject({ status: 'crashed', restarts: 0 })
    expect(states.some((s) => s.status === 'crashed' && s.error?.includes('exited unexpectedly'))).toBe(true)
    const again = await runTool(byName.get('mcp__fragile__get_issue')!, { issue_number: '2' }, context)
    expect(again.ok).toBe(true)
    expect(JSON.parse(again.content).pid).not.toBe(JSON.parse(first.content).pid)
    expect(manager.get('fragile')?.state()).toMatchObject({ status: 'running', restarts: 1 })
  })

  it('times out a call that never answers and keeps the server usable', async () => {
    const { manager } = start({ slow: fixtureServer(['--hang-on', 'list_issues']) }, 400)
    const listing = await manager.listTools('slow')
    if (!listing.ok) throw new Error(listing.error)
    const byName = new Map(listing.tools.map((t) => [t.name, t]))
    const hung = await runTool(byName.get('mcp__slow__list_issues')!, {}, context)
    expect(JSON.parse(hung.content)).toEqual({ error: '"list_issues" on MCP server "slow" did not answer within 400 ms.', error_type: 'mcp_timeout' })
    expect((await runTool(byName.get('mcp__slow__get_issue')!, { issue_number: '9' }, context)).ok).toBe(true)
  })

  it('a server that cannot start is reported, not fatal', async () => {
    const { manager } = start({ broken: fixtureServer(['--fail-start']), fine: fixtureServer(['--count', '2']) })
    const [broken, fine] = await manager.listMany(['broken', 'fine'])
    expect(broken).toMatchObject({ ok: false, server: 'broken' })
    expect(broken && !broken.ok ? broken.error : '').toMatch(/could not start .*fixture: refusing to start/)
    expect(manager.get('broken')?.state().status).toBe('failed')
    expect(fine?.ok && fine.tools.length).toBe(2)
  })

  it('a missing command is reported with the command name', async () => {
    const { manager } = start({ ghost: { command: 'hearth-no-such-binary', args: [], env: {}, trusted: true } })
    const listing = await manager.listTools('ghost')
    expect(listing.ok).toBe(false)
    expect(!listing.ok && listing.error).toMatch(/could not start `hearth-no-such-binary`/)
  })

  it('reconfiguring removes servers that left config.json and restarts changed ones', async () => {
    const { manager } = start({ one: fixtureServer(['--count', '1']), two: fixtureServer(['--count', '1']) })
    await manager.listMany(['one', 'two'])
    const oldOne = manager.get('one')
    manager.configure({ one: fixtureServer(['--count', '2']) })
    expect(manager.serverNames()).toEqual(['one'])
    expect(manager.get('one')).not.toBe(oldOne)
    const listing = await manager.listTools('one')
    expect(listing.ok && listing.tools.length).toBe(2)
  })
})
