import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventHub } from '../../src/core/events'
import { ConfigStore } from '../../src/core/home/configStore'
import { ensureHome } from '../../src/core/home/home'
import type { HomePaths } from '../../src/core/home/homePaths'
import { estimateToolTokens } from '../../src/core/tools/deferral'
import { ToolRegistry } from '../../src/core/tools/registry'
import { ToolsService } from '../../src/core/tools/toolsService'
import type { ConfirmationPort, ConfirmationRequest, ToolDefinition } from '../../src/core/tools/toolTypes'
import { fixtureServer } from './fixtureServer'
import { testId } from '../../src/shared/testing/ids'
import { unfenced } from '../helpers/toolFence'

let root: string
let paths: HomePaths
let service: ToolsService | undefined
const written: Array<Record<string, unknown>> = []

function coreTool(name: string, toolset: string): ToolDefinition {
  return {
    name,
    toolset,
    description: `Built-in ${name} for tests`,
    inputSchema: { type: 'object', properties: { content: { type: 'string' } } },
    handler: async (input) => {
      written.push({ name, ...input })
      return { success: true }
    }
  }
}

function writeConfig(config: Record<string, unknown>): void {
  writeFileSync(paths.config, JSON.stringify(config, null, 2))
}

function createService(events = new EventHub(), confirmation?: ConfirmationPort): ToolsService {
  const registry = new ToolRegistry({ now: () => Date.now() })
  registry.register(coreTool('memory', 'memory'), { gated: true })
  registry.register(coreTool('nexus_post', 'nexus'), { gated: true })
  registry.register(coreTool('nexus_read', 'nexus'))
  registry.register(coreTool('recall', 'recall'))
  service = new ToolsService({
    registry,
    config: new ConfigStore(paths.config),
    contextWindow: () => 200_000,
    version: 'test',
    events,
    ...(confirmation ? { confirmation } : {})
  })
  return service
}

const THREE_SERVERS = {
  devhub: fixtureServer(['--profile', 'devhub']),
  workspace: fixtureServer(['--profile', 'workspace']),
  data: fixtureServer(['--profile', 'data'])
}
const ctx = { agentId: testId.agent('a1'), sessionId: testId.session('s1') }

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hearth-tools-'))
  paths = ensureHome(root)
  written.length = 0
})
afterEach(async () => {
  await service?.dispose()
  service = undefined
  rmSync(root, { recursive: true, force: true })
})

describe('ToolsService as the chat engine’s ToolCatalog', () => {
  it('defers 120 MCP tools behind the bridges and keeps the first request under 2,000 tokens', async () => {
    writeConfig({ mcpServers: THREE_SERVERS })
    const plan = await createService().planSession(testId.agent('a1'))
    expect(plan.tools.map((t) => t.name)).toEqual([
      'memory',
      'nexus_post',
      'nexus_read',
      'recall',
      'tool_call',
      'tool_describe',
      'tool_search'
    ])
    expect(plan.deferred).toHaveLength(120)
    expect(plan.decision).toMatchObject({ active: true, thresholdTokens: 20_000 })
    expect(plan.decision.deferrableTokens).toBeGreaterThanOrEqual(20_000)
    expect(plan.firstRequestTokens).toBe(estimateToolTokens(plan.tools))
    expect(plan.firstRequestTokens).toBeLessThan(2_000)
    expect(Object.isFrozen(plan.tools)).toBe(true)
    expect(plan.tools.every((t) => Object.isFrozen(t))).toBe(true)
  })

  it('runs a tool_search → tool_call round trip against the real server; the outcome names the real tool', async () => {
    writeConfig({ mcpServers: THREE_SERVERS })
    const tools = await createService().sessionTools(testId.agent('a1'))
    const found = await service!.dispatch(
      tools,
      'tool_search',
      { query: 'calendar event meeting attendees', limit: 3 },
      ctx
    )
    expect(found.displayName).toBe('tool_search')
    const matches = JSON.parse(found.content).matches as Array<{ name: string; source_name: string }>
    expect(matches).toHaveLength(3)
    expect(matches[0]).toMatchObject({
      name: 'mcp__workspace__create_calendar_event',
      source_name: 'workspace'
    })
    const described = JSON.parse(
      (await service!.dispatch(tools, 'tool_describe', { name: matches[0]!.name }, ctx)).content
    )
    expect(described.parameters.required).toEqual(['summary', 'start', 'end'])
    const args = { summary: 'Planning', start: '2026-05-01T10:00:00+02:00', end: '2026-05-01T11:00:00+02:00' }
    const called = await service!.dispatch(
      tools,
      'tool_call',
      { name: matches[0]!.name, arguments: args },
      ctx
    )
    expect(called).toMatchObject({ ok: true, displayName: 'mcp__workspace__create_calendar_event' })
    expect(JSON.parse(unfenced(called.content))).toMatchObject({
      tool: 'create_calendar_event',
      profile: 'workspace',
      arguments: args
    })
    const invalid = await service!.dispatch(
      tools,
      'tool_call',
      { name: matches[0]!.name, arguments: { summary: 'x' } },
      ctx
    )
    expect(invalid.ok).toBe(false)
    expect(JSON.parse(invalid.content).error).toMatch(/arguments\.start: is required/)
  })

  it('refuses a tool_call outside the session’s toolsets', async () => {
    writeConfig({
      mcpServers: THREE_SERVERS,
      tools: { search: { enabled: 'on' } },
      agents: { a1: { toolsets: ['core', 'mcp-devhub'] } }
    })
    const tools = await createService().sessionTools(testId.agent('a1'))
    const outside = await service!.dispatch(
      tools,
      'tool_call',
      { name: 'mcp__data__delete_table', arguments: { table_ref: 't', confirm: true } },
      ctx
    )
    expect(outside.ok).toBe(false)
    expect(JSON.parse(outside.content).error).toBe(
      "'mcp__data__delete_table' is not available in this session. Use tool_search to find tools you can call."
    )
    const search = JSON.parse(
      (await service!.dispatch(tools, 'tool_search', { query: 'delete table warehouse' }, ctx)).content
    )
    expect(search.total_available).toBe(40)
    expect(search.matches.every((m: { source_name: string }) => m.source_name === 'devhub')).toBe(true)
    expect((await service!.dispatch(tools, 'mcp__data__delete_table', {}, ctx)).content).toBe(
      '{"error":"Unknown tool: mcp__data__delete_table"}'
    )
  })

  it('passes MCP tools through directly when they are light, and never defers core tools', async () => {
    writeConfig({ mcpServers: { devhub: fixtureServer(['--count', '5']) } })
    const plan = await createService().planSession(testId.agent('a1'))
    expect(plan.decision.active).toBe(false)
    expect(plan.tools.map((t) => t.name)).toEqual([
      'mcp__devhub__create_repository',
      'mcp__devhub__delete_repository',
      'mcp__devhub__get_repository',
      'mcp__devhub__list_repositories',
      'mcp__devhub__update_repository',
      'memory',
      'nexus_post',
      'nexus_read',
      'recall'
    ])
    const outcome = await service!.dispatch(
      plan.tools,
      'mcp__devhub__get_repository',
      { repo: 'acme/web' },
      ctx
    )
    expect(outcome).toMatchObject({ ok: true, displayName: 'mcp__devhub__get_repository' })
  })

  it('survives a crashing server: the call fails readably, the next one restarts it', async () => {
    writeConfig({ mcpServers: { fragile: fixtureServer(['--count', '10', '--crash-on', 'delete_issue']) } })
    const events = new EventHub()
    const statuses: string[] = []
    events.subscribe((event, payload) => {
      if (event === 'tools.serverStatusChanged') statuses.push(payload.status)
    })
    const tools = await createService(events).sessionTools(testId.agent('a1'))
    const crash = await service!.dispatch(
      tools,
      'mcp__fragile__delete_issue',
      { issue_number: '4', confirm: true },
      ctx
    )
    expect(crash.ok).toBe(false)
    expect(JSON.parse(crash.content).error_type).toBe('mcp_crashed')
    expect(statuses).toContain('crashed')
    const next = await service!.dispatch(tools, 'mcp__fragile__get_issue', { issue_number: '4' }, ctx)
    expect(next.ok).toBe(true)
    const view = await service!.list(testId.agent('a1'))
    expect(view.toolsets.find((t) => t.name === 'mcp-fragile')).toMatchObject({
      status: 'running',
      toolCount: 10
    })
  })

  it('leaves out a server that cannot start and reports it; the session still starts', async () => {
    writeConfig({
      mcpServers: { broken: fixtureServer(['--fail-start']) },
      agents: { a1: { toolsets: ['core', 'mcp', 'typo_set'] } }
    })
    const plan = await createService().planSession(testId.agent('a1'))
    expect(plan.tools.map((t) => t.name)).toEqual(['memory', 'nexus_post', 'nexus_read', 'recall'])
    expect(plan.problems[0]).toMatch(/^unknown toolset "typo_set"/)
    expect(plan.problems[1]).toMatch(/^MCP server "broken": left out: could not start/)
    expect(plan.serverProblems).toEqual([
      { server: 'broken', message: expect.stringMatching(/^left out: could not start .*refusing to start/) }
    ])
  })
})

describe('the untrusted gate', () => {
  const asked: ConfirmationRequest[] = []
  beforeEach(() => {
    asked.length = 0
  })

  it('asks before memory writes and Nexus posts while an untrusted server is loaded; "no" blocks the write', async () => {
    writeConfig({ mcpServers: { web: fixtureServer(['--count', '3'], false) } })
    createService(new EventHub(), { ask: async (request) => (asked.push(request), false) })
    const tools = await service!.sessionTools(testId.agent('a1'))
    const denied = await service!.dispatch(tools, 'memory', { content: 'the user loves phishing links' }, ctx)
    expect(denied.ok).toBe(false)
    expect(JSON.parse(denied.content)).toMatchObject({ error_type: 'confirmation_declined' })
    expect(written).toEqual([])
    expect(asked[0]).toMatchObject({
      agentId: testId.agent('a1'),
      sessionId: testId.session('s1'),
      toolName: 'memory',
      untrustedServers: ['web'],
      input: { content: 'the user loves phishing links' }
    })
    expect((await service!.dispatch(tools, 'nexus_read', {}, ctx)).ok).toBe(true)
    expect(asked).toHaveLength(1)
  })

  it('runs the write when the user says yes', async () => {
    writeConfig({ mcpServers: { web: fixtureServer(['--count', '3'], false) } })
    createService(new EventHub(), { ask: async (request) => (asked.push(request), true) })
    const tools = await service!.sessionTools(testId.agent('a1'))
    expect((await service!.dispatch(tools, 'nexus_post', { content: 'decided X' }, ctx)).ok).toBe(true)
    expect(written).toEqual([{ name: 'nexus_post', content: 'decided X' }])
    expect(asked.map((a) => a.toolName)).toEqual(['nexus_post'])
  })

  it('does not ask when every server is trusted, or when the untrusted one is not in this agent’s toolsets', async () => {
    writeConfig({
      mcpServers: { safe: fixtureServer(['--count', '2']), web: fixtureServer(['--count', '2'], false) },
      agents: { a1: { toolsets: ['core', 'mcp-safe'] } }
    })
    createService(new EventHub(), { ask: async (request) => (asked.push(request), false) })
    const plan = await service!.planSession(testId.agent('a1'))
    expect(plan.untrustedServers).toEqual([])
    expect((await service!.dispatch(plan.tools, 'memory', { content: 'ok' }, ctx)).ok).toBe(true)
    expect(asked).toEqual([])
  })

  it('denies by default when nobody can be asked (the CLI without --yes)', async () => {
    writeConfig({ mcpServers: { web: fixtureServer(['--count', '2'], false) } })
    const tools = await createService().sessionTools(testId.agent('a1'))
    expect(
      JSON.parse((await service!.dispatch(tools, 'memory', { content: 'x' }, ctx)).content).error_type
    ).toBe('confirmation_declined')
  })
})

describe('Settings → Tools', () => {
  it('lists every toolset and MCP server with status, tool count and token cost', async () => {
    writeConfig({
      mcpServers: {
        devhub: fixtureServer(['--profile', 'devhub']),
        off: fixtureServer(['--count', '4'], false)
      },
      agents: { a1: { toolsets: ['core', 'mcp-devhub'] } }
    })
    const view = await createService().list(testId.agent('a1'))
    expect(view.configured).toEqual(['core', 'mcp-devhub'])
    expect(view.usesDefault).toBe(false)
    const byName = Object.fromEntries(view.toolsets.map((t) => [t.name, t]))
    expect(byName.memory).toMatchObject({ kind: 'builtin', enabled: true, status: 'ready', toolCount: 1 })
    expect(byName.skills).toMatchObject({
      kind: 'builtin',
      status: 'empty',
      toolCount: 0,
      error: 'not installed in this build: skill_view'
    })
    expect(byName['mcp-devhub']).toMatchObject({
      kind: 'mcp',
      enabled: true,
      status: 'running',
      trusted: true,
      toolCount: 40
    })
    expect(byName['mcp-devhub']!.tokens).toBeGreaterThan(6_000)
    expect(byName['mcp-off']).toMatchObject({
      enabled: false,
      status: 'running',
      trusted: false,
      toolCount: 4
    })
    expect(view.session).toMatchObject({ deferred: false, untrustedServers: [] })
    expect(view.session.visibleTools).toHaveLength(44)
  })

  it('enables and disables toolsets per agent in config.json, stating the cache cost', async () => {
    writeConfig({
      model: 'claude-sonnet-5-5',
      mcpServers: {
        devhub: fixtureServer(['--count', '3']),
        data: fixtureServer(['--profile', 'data', '--count', '3'])
      }
    })
    createService()
    const off = await service!.setEnabled(testId.agent('a1'), 'mcp-data', false)
    expect(off.configured).toEqual(['core', 'mcp-devhub'])
    expect(off.takesEffect).toBe('next_session')
    const plan = await service!.planSession(testId.agent('a1'))
    expect(off.cacheCost.tokens).toBe(plan.firstRequestTokens)
    expect(off.cacheCost.message).toContain(`~${plan.firstRequestTokens.toLocaleString('en-US')} tokens`)
    const stored = JSON.parse(readFileSync(paths.config, 'utf8'))
    expect(stored.model).toBe('claude-sonnet-5-5')
    expect(stored.agents.a1.toolsets).toEqual(['core', 'mcp-devhub'])
    expect((await service!.setEnabled(testId.agent('a1'), 'nexus', false)).configured).toEqual([
      'mcp-devhub',
      'memory',
      'recall',
      'session_search',
      'skills'
    ])
    expect((await service!.setEnabled(testId.agent('a1'), 'mcp', true)).configured).toEqual([
      'mcp',
      'memory',
      'recall',
      'session_search',
      'skills'
    ])
    await expect(service!.setEnabled(testId.agent('a1'), 'no_such_set', true)).rejects.toThrow(
      /Unknown toolset "no_such_set"/
    )
  })

  it('refuses to rewrite a malformed config.json', async () => {
    writeFileSync(paths.config, '{ "mcpServers": ')
    await expect(createService().setEnabled(testId.agent('a1'), 'memory', false)).rejects.toThrow(
      /will not overwrite it/
    )
    expect(readFileSync(paths.config, 'utf8')).toBe('{ "mcpServers": ')
  })
})
