import { checkArguments } from './argumentCheck'
import { Bm25Index } from './bm25'
import { ToolError } from './runTool'
import { isPlainObject } from './schemaCheck'
import type { ToolSearchSettings } from './toolSettings'
import type { ToolDefinition } from './toolTypes'

export const BRIDGE_TOOL_NAMES: ReadonlySet<string> = new Set(['tool_search', 'tool_describe', 'tool_call'])
const BRIDGE_TOOLSET = 'tool_search'
const DESCRIPTION_LIMIT = 400

/** One tool kept out of the tools array, with where it comes from (for search results). */
export interface DeferredTool {
  readonly tool: ToolDefinition
  readonly source: 'mcp' | 'plugin' | 'builtin'
  readonly sourceName: string
}

/** A `tool_call` resolved to the real tool and checked arguments, or the reason it is refused. */
export type RoutedCall =
  { readonly target: ToolDefinition; readonly args: Record<string, unknown> } | { readonly error: string }

/**
 * The session's deferred tools behind the three bridge tools. It holds only the tools of the
 * session's toolsets, so `tool_call` cannot reach anything the agent was not given.
 */
export class DeferredCatalog {
  private readonly byName: ReadonlyMap<string, DeferredTool>
  private readonly index: Bm25Index

  constructor(
    readonly tools: readonly DeferredTool[],
    private readonly visibleNames: ReadonlySet<string>,
    private readonly settings: ToolSearchSettings
  ) {
    this.byName = new Map(tools.map((entry) => [entry.tool.name, entry]))
    this.index = new Bm25Index(
      tools.map(({ tool }) => ({
        name: tool.name,
        description: tool.description,
        parameterNames: parameterNames(tool)
      }))
    )
  }

  search(input: Record<string, unknown>): unknown {
    const query = typeof input.query === 'string' ? input.query.trim() : ''
    if (query === '') throw new ToolError('query is required')
    const requested =
      typeof input.limit === 'number' && Number.isFinite(input.limit)
        ? Math.trunc(input.limit)
        : this.settings.defaultLimit
    const limit = Math.min(Math.max(requested, 1), this.settings.maxLimit)
    const matches = this.index.search(query, limit).map((hit) => {
      const entry = this.byName.get(hit.name) as DeferredTool
      return {
        name: hit.name,
        source: entry.source,
        source_name: entry.sourceName,
        description: clip(entry.tool.description, DESCRIPTION_LIMIT)
      }
    })
    return { query, total_available: this.tools.length, matches }
  }

  describe(input: Record<string, unknown>): unknown {
    const name = typeof input.name === 'string' ? input.name.trim() : ''
    if (name === '') throw new ToolError('name is required')
    const entry = this.byName.get(name)
    if (!entry) throw new ToolError(this.absentMessage(name))
    return { name, description: entry.tool.description, parameters: entry.tool.inputSchema }
  }

  /** Unwraps `tool_call(name, arguments)`: the real tool and its validated arguments. */
  route(input: Record<string, unknown>): RoutedCall {
    const name = typeof input.name === 'string' ? input.name.trim() : ''
    if (name === '') return { error: 'name is required' }
    if (BRIDGE_TOOL_NAMES.has(name))
      return { error: `'${name}' cannot be called through tool_call (it is itself a bridge tool).` }
    const entry = this.byName.get(name)
    if (!entry) return { error: this.absentMessage(name) }
    const args = parseArguments(input.arguments)
    if ('error' in args) return args
    const problems = checkArguments(entry.tool.inputSchema, args.value)
    if (problems.length > 0)
      return {
        error: `Invalid arguments for '${name}': ${problems.join('; ')}. Call tool_describe('${name}') for its parameters.`
      }
    return { target: entry.tool, args: args.value }
  }

  private absentMessage(name: string): string {
    if (this.visibleNames.has(name)) return `'${name}' is not a deferrable tool. Call it directly.`
    return `'${name}' is not available in this session. Use tool_search to find tools you can call.`
  }
}

function parseArguments(raw: unknown): { value: Record<string, unknown> } | { error: string } {
  let value = raw ?? {}
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? {} : JSON.parse(value)
    } catch (error) {
      return { error: `arguments is not valid JSON: ${(error as Error).message}` }
    }
  }
  if (!isPlainObject(value)) return { error: 'arguments must be a JSON object' }
  return { value }
}

const routes = new WeakMap<ToolDefinition, DeferredCatalog>()

/** The three bridge tools over one session's deferred catalog. */
export function createBridgeTools(catalog: DeferredCatalog, settings: ToolSearchSettings): ToolDefinition[] {
  const search: ToolDefinition = {
    name: 'tool_search',
    toolset: BRIDGE_TOOLSET,
    description: `Find more tools (from connected MCP servers and plugins) by keywords; ${catalog.tools.length} are available. Returns names and short descriptions. Then use tool_describe for parameters and tool_call to run one.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords: what the tool should do' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: settings.maxLimit,
          description: `Max results (default ${settings.defaultLimit})`
        }
      },
      required: ['query']
    },
    handler: async (input) => catalog.search(input)
  }
  const describe: ToolDefinition = {
    name: 'tool_describe',
    toolset: BRIDGE_TOOLSET,
    description: 'Show the full description and parameter schema of a tool found with tool_search.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'Exact tool name' } },
      required: ['name']
    },
    handler: async (input) => catalog.describe(input)
  }
  const call: ToolDefinition = {
    name: 'tool_call',
    toolset: BRIDGE_TOOLSET,
    description: 'Run a tool found with tool_search. The arguments are checked against its schema.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Exact tool name' },
        arguments: { type: 'object', description: 'The tool’s arguments' }
      },
      required: ['name', 'arguments']
    },
    // Never reached through dispatch (which routes tool_call itself); kept for direct use.
    handler: async (input, context) => {
      const routed = catalog.route(input)
      if ('error' in routed) throw new ToolError(routed.error)
      return routed.target.handler(routed.args, context)
    }
  }
  routes.set(call, catalog)
  return [search, describe, call]
}

/** For dispatch: when `tool` is a session's `tool_call` bridge, the routed call; else undefined. */
export function routeBridgeCall(tool: ToolDefinition, input: unknown): RoutedCall | undefined {
  const catalog = routes.get(tool)
  if (!catalog) return undefined
  return catalog.route(isPlainObject(input) ? input : {})
}

function parameterNames(tool: ToolDefinition): string[] {
  const properties = tool.inputSchema.properties
  return isPlainObject(properties) ? Object.keys(properties) : []
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
