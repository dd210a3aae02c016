import { describe, expect, it } from 'vitest'
import { createBridgeTools, DeferredCatalog, routeBridgeCall, type DeferredTool } from './bridgeTools'
import { DEFAULT_TOOL_SETTINGS } from './toolSettings'
import type { ToolDefinition } from './toolTypes'
import { testId } from '../../shared/testing/ids'

const settings = DEFAULT_TOOL_SETTINGS.search
const context = { agentId: testId.agent('a'), sessionId: testId.session('s') }

function mcpTool(name: string, description: string): DeferredTool {
  const tool: ToolDefinition = {
    name,
    toolset: 'mcp-devhub',
    description,
    inputSchema: {
      type: 'object',
      properties: { repo: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['repo'],
      additionalProperties: false
    },
    handler: async (input) => ({ ran: name, input })
  }
  return { tool, source: 'mcp', sourceName: 'devhub' }
}

const deferred = Array.from({ length: 30 }, (_, i) =>
  mcpTool(`mcp__devhub__tool_${String(i).padStart(2, '0')}`, `Does thing number ${i} with a repository`)
)
const catalog = new DeferredCatalog(
  [mcpTool('mcp__devhub__create_issue', 'Create an issue'), ...deferred],
  new Set(['memory', 'skill_view']),
  settings
)
const [search, describeTool, call] = createBridgeTools(catalog, settings) as [
  ToolDefinition,
  ToolDefinition,
  ToolDefinition
]

describe('tool_search', () => {
  it('returns matches with their source and the catalog size', async () => {
    const result = (await search.handler({ query: 'create issue' }, context)) as {
      total_available: number
      matches: Array<Record<string, unknown>>
    }
    expect(result.total_available).toBe(31)
    expect(result.matches[0]).toEqual({
      name: 'mcp__devhub__create_issue',
      source: 'mcp',
      source_name: 'devhub',
      description: 'Create an issue'
    })
  })

  it('uses 5 results by default and never more than 20', async () => {
    expect(
      ((await search.handler({ query: 'repository' }, context)) as { matches: unknown[] }).matches
    ).toHaveLength(5)
    expect(
      ((await search.handler({ query: 'repository', limit: 500 }, context)) as { matches: unknown[] }).matches
    ).toHaveLength(20)
    expect(
      ((await search.handler({ query: 'repository', limit: 0 }, context)) as { matches: unknown[] }).matches
    ).toHaveLength(1)
  })

  it('asks for a query', async () => {
    await expect(search.handler({ query: '  ' }, context)).rejects.toThrow('query is required')
  })
})

describe('tool_describe', () => {
  it('returns the description and the parameter schema', async () => {
    expect(await describeTool.handler({ name: 'mcp__devhub__create_issue' }, context)).toMatchObject({
      name: 'mcp__devhub__create_issue',
      parameters: { required: ['repo'] }
    })
  })

  it('tells a core tool apart from one outside the session', async () => {
    await expect(describeTool.handler({ name: 'memory' }, context)).rejects.toThrow(
      "'memory' is not a deferrable tool. Call it directly."
    )
    await expect(describeTool.handler({ name: 'mcp__other__secret' }, context)).rejects.toThrow(
      "'mcp__other__secret' is not available in this session. Use tool_search to find tools you can call."
    )
  })
})

describe('tool_call routing', () => {
  it('routes to the real tool with checked arguments (a JSON string is accepted)', () => {
    const routed = routeBridgeCall(call, {
      name: 'mcp__devhub__create_issue',
      arguments: '{"repo":"acme/web"}'
    })
    expect(routed && 'target' in routed ? [routed.target.name, routed.args] : routed).toEqual([
      'mcp__devhub__create_issue',
      { repo: 'acme/web' }
    ])
  })

  it.each([
    [{ arguments: {} }, 'name is required'],
    [
      { name: 'tool_search', arguments: {} },
      "'tool_search' cannot be called through tool_call (it is itself a bridge tool)."
    ],
    [{ name: 'mcp__devhub__create_issue', arguments: '{repo' }, 'arguments is not valid JSON'],
    [{ name: 'mcp__devhub__create_issue', arguments: [1] }, 'arguments must be a JSON object'],
    [{ name: 'skill_view', arguments: {} }, "'skill_view' is not a deferrable tool. Call it directly."],
    [
      { name: 'mcp__elsewhere__drop_db', arguments: {} },
      "'mcp__elsewhere__drop_db' is not available in this session. Use tool_search to find tools you can call."
    ],
    [
      { name: 'mcp__devhub__create_issue', arguments: { limit: 0, extra: 1 } },
      "Invalid arguments for 'mcp__devhub__create_issue': arguments.repo: is required; arguments.limit: must be ≥ 1; arguments.extra: is not a known parameter"
    ]
  ])('refuses %j', (input, message) => {
    const routed = routeBridgeCall(call, input)
    expect(routed && 'error' in routed ? routed.error : routed).toContain(message)
  })

  it('is only recognised on the bridge tool itself', () => {
    expect(routeBridgeCall(search, { name: 'x' })).toBeUndefined()
  })
})
