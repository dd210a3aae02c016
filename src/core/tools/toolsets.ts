/**
 * Toolsets are data: a leaf lists tools, a composite `includes` other toolsets, and an agent's
 * config names the toolsets it gets (`agents.<id>.toolsets`). Resolution is recursive with one
 * shared `visited` set, so a cycle (a → b → a) stops instead of recursing forever and a diamond
 * (a → b, a → c, b → d, c → d) expands `d` once. Unknown names resolve to nothing and are
 * reported, so a typo in config.json never breaks a session.
 */
export interface ToolsetSpec {
  readonly description: string
  readonly tools: readonly string[]
  readonly includes: readonly string[]
}

export type ToolsetTable = Readonly<Record<string, ToolsetSpec>>

/** The name that expands to every toolset (`*` is accepted as a synonym). */
export const ALL_TOOLSETS = 'all'
/** The composite of every configured MCP server (each server is the leaf `mcp-<server>`). */
export const MCP_TOOLSET = 'mcp'
export const CORE_TOOLSET = 'core'
/** What an agent gets when config.json does not list its toolsets. */
export const DEFAULT_AGENT_TOOLSETS: readonly string[] = [CORE_TOOLSET, MCP_TOOLSET]

/** The built-in leaves and the `core` bundle. MCP leaves are added per config by `withMcpToolsets`. */
export const BUILTIN_TOOLSETS: ToolsetTable = {
  memory: {
    description: 'Write to the agent’s curated memory (MEMORY.md) and the user profile (USER.md)',
    tools: ['memory'],
    includes: []
  },
  recall: { description: 'Search the agent’s long-term memory bank', tools: ['recall'], includes: [] },
  session_search: {
    description: 'Full-text search over past sessions',
    tools: ['session_search'],
    includes: []
  },
  skills: {
    description: 'Load a skill’s full instructions (skill_view)',
    tools: ['skill_view'],
    includes: []
  },
  nexus: {
    description: 'The shared Nexus log: post, read, acknowledge, checkpoint, and the project state',
    tools: ['nexus_post', 'nexus_read', 'checkpoint', 'ack', 'project_state_read', 'project_state_update'],
    includes: []
  },
  [CORE_TOOLSET]: {
    description: 'Every built-in tool',
    tools: [],
    includes: ['memory', 'nexus', 'recall', 'session_search', 'skills']
  }
}

/** The toolset name of one MCP server. */
export function mcpToolsetName(server: string): string {
  return `mcp-${server}`
}

export interface Resolution {
  /** Tool names, sorted and unique. */
  readonly tools: readonly string[]
  /** Every toolset reached (leaves and composites), sorted. */
  readonly toolsets: readonly string[]
  /** Names that matched no toolset, in the order met. */
  readonly unknown: readonly string[]
}

/** Resolves several toolset names into one sorted union. */
export function resolveToolsets(table: ToolsetTable, names: readonly string[]): Resolution {
  const tools = new Set<string>()
  const reached = new Set<string>()
  const unknown: string[] = []
  for (const name of names) {
    // Each top-level name gets a fresh `visited`: two listed names may share a child legitimately.
    const visited = new Set<string>()
    for (const tool of resolveOne(table, name, visited, unknown)) tools.add(tool)
    for (const toolset of visited) reached.add(toolset)
  }
  return { tools: [...tools].sort(), toolsets: [...reached].sort(), unknown: [...new Set(unknown)] }
}

function resolveOne(table: ToolsetTable, name: string, visited: Set<string>, unknown: string[]): string[] {
  if (name === ALL_TOOLSETS || name === '*') {
    const union = new Set<string>()
    for (const each of Object.keys(table)) {
      const branch = new Set<string>()
      for (const tool of resolveOne(table, each, branch, unknown)) union.add(tool)
      for (const toolset of branch) visited.add(toolset)
    }
    return [...union].sort()
  }
  if (visited.has(name)) return []
  const spec = Object.hasOwn(table, name) ? table[name] : undefined
  if (!spec) {
    unknown.push(name)
    return []
  }
  visited.add(name)
  const tools = new Set(spec.tools)
  for (const child of spec.includes)
    for (const tool of resolveOne(table, child, visited, unknown)) tools.add(tool)
  return [...tools].sort()
}

/**
 * The full table for one config: built-ins, plus any registry tool whose toolset the table
 * does not know (a plugin's own leaf), plus one leaf per MCP server and the `mcp` composite.
 */
export function buildToolsetTable(
  base: ToolsetTable,
  registryTools: ReadonlyArray<{ readonly name: string; readonly toolset: string }>,
  mcpServers: ReadonlyArray<{ readonly server: string; readonly tools: readonly string[] }>
): ToolsetTable {
  const table: Record<string, ToolsetSpec> = { ...base }
  for (const tool of registryTools) {
    const spec = table[tool.toolset] ?? {
      description: `Tools registered as ${tool.toolset}`,
      tools: [],
      includes: []
    }
    if (!spec.tools.includes(tool.name)) table[tool.toolset] = { ...spec, tools: [...spec.tools, tool.name] }
  }
  for (const server of mcpServers) {
    table[mcpToolsetName(server.server)] = {
      description: `Tools of the MCP server “${server.server}”`,
      tools: [...server.tools],
      includes: []
    }
  }
  table[MCP_TOOLSET] = {
    description: 'Every configured MCP server',
    tools: [],
    includes: mcpServers.map((s) => mcpToolsetName(s.server)).sort()
  }
  return table
}

/**
 * Turns a set of enabled leaves back into the shortest list of names to store in config.json:
 * a composite whose leaves are all enabled is written as the composite (so `mcp` keeps picking
 * up servers added later), the rest as leaves. `previous` is the list being replaced.
 */
export function compressToolsets(
  table: ToolsetTable,
  leaves: ReadonlySet<string>,
  previous: readonly string[] = []
): string[] {
  const remaining = new Set(leaves)
  const chosen: string[] = []
  const composites = Object.keys(table)
    .filter((name) => isComposite(table, name))
    .map((name) => ({ name, leaves: leafToolsets(table, name) }))
    .sort((a, b) => b.leaves.length - a.leaves.length || a.name.localeCompare(b.name))
  for (const composite of composites) {
    // An empty composite (`mcp` with no server yet) is kept only if the user already had it.
    const wanted = composite.leaves.length > 0 || previous.includes(composite.name)
    if (wanted && composite.leaves.every((leaf) => remaining.has(leaf))) {
      chosen.push(composite.name)
      for (const leaf of composite.leaves) remaining.delete(leaf)
    }
  }
  return [...chosen, ...[...remaining].sort()]
}

/** The leaf toolsets a name reaches. */
export function leafToolsets(table: ToolsetTable, name: string): string[] {
  return resolveToolsets(table, [name]).toolsets.filter((toolset) => !isComposite(table, toolset))
}

/** A toolset made of others (`mcp` is one even before any server is configured). */
export function isComposite(table: ToolsetTable, name: string): boolean {
  return name === MCP_TOOLSET || (table[name]?.includes.length ?? 0) > 0
}
