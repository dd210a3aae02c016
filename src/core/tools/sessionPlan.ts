import { createBridgeTools, DeferredCatalog, type DeferredTool } from './bridgeTools'
import { decideDeferral, estimateToolTokens, type DeferralDecision } from './deferral'
import type { McpConfigProblem } from './mcp/mcpConfig'
import type { McpListing, McpManager } from './mcp/mcpManager'
import { compareNames, type ToolEntry, type ToolRegistry } from './registry'
import type { ToolSettings } from './toolSettings'
import {
  BUILTIN_TOOLSETS,
  buildToolsetTable,
  mcpToolsetName,
  resolveToolsets,
  type ToolsetTable
} from './toolsets'
import type { ConfirmationPort, ToolDefinition } from './toolTypes'
import { applyUntrustedGate } from './untrustedGate'

export interface PlanInputs {
  readonly registry: ToolRegistry
  readonly mcp: McpManager
  /** The MCP servers this session may use (config.json's and its folder's); all of the manager's when absent. */
  readonly servers?: readonly string[]
  /** The agent's toolset names (config.json or the default bundle). */
  readonly configured: readonly string[]
  readonly settings: ToolSettings
  readonly contextWindow: number | null
  readonly confirmation: () => ConfirmationPort
  /** Warnings and left-out entries of `mcpServers`, to be reported with the rest. */
  readonly configProblems?: readonly McpConfigProblem[]
}

/** Everything decided at session start, for the chat engine (tools) and the UI (the rest). */
export interface SessionPlan {
  /** The tools array of every request of the session: sorted by name, frozen. */
  readonly tools: readonly ToolDefinition[]
  /** Tools behind tool_search (empty when search is not active). */
  readonly deferred: readonly ToolDefinition[]
  readonly decision: DeferralDecision
  readonly firstRequestTokens: number
  readonly untrustedServers: readonly string[]
  /** Toolsets the configuration reaches (leaves and composites). */
  readonly toolsets: readonly string[]
  readonly listings: readonly McpListing[]
  /** Unknown toolset names, servers that failed to start, dropped tools. */
  readonly problems: readonly string[]
  /** The MCP part of `problems`, per server (what `hearth chat --json` reports). */
  readonly serverProblems: readonly McpConfigProblem[]
}

/** The table without MCP tool names (enough to know which toolsets, hence servers, are on). */
export function toolsetTableFor(registry: ToolRegistry, servers: readonly string[]): ToolsetTable {
  return buildToolsetTable(
    BUILTIN_TOOLSETS,
    registry.list().map((entry) => entry.tool),
    servers.map((server) => ({ server, tools: [] }))
  )
}

/**
 * Resolves an agent's toolsets into the session's tools: built-ins that pass their
 * availability check, the tools of each enabled MCP server (started on demand; a server that
 * fails is reported and left out), the untrusted gate, and tool search when the deferrable
 * schemas are heavy. The result is frozen: the tools array is the first block of the cached
 * prompt prefix, so it must not change during the session.
 */
export async function planSession(inputs: PlanInputs): Promise<SessionPlan> {
  const { registry, mcp } = inputs
  const available = [...(inputs.servers ?? mcp.serverNames())].sort()
  const table = toolsetTableFor(registry, available)
  const resolution = resolveToolsets(table, inputs.configured)
  const problems = resolution.unknown.map(
    (name) => `unknown toolset "${name}" (known: ${Object.keys(table).sort().join(', ')})`
  )
  const servers = available.filter((server) => resolution.toolsets.includes(mcpToolsetName(server)))
  const listings = await mcp.listMany(servers)
  const entries = await availableEntries(registry, resolution.tools)
  const serverProblems = [...(inputs.configProblems ?? []), ...listingProblems(listings)]
  problems.push(
    ...serverProblems.map((problem) =>
      problem.server === '*' ? problem.message : `MCP server "${problem.server}": ${problem.message}`
    )
  )
  const mcpTools = listings.flatMap((listing) =>
    listing.ok
      ? listing.tools.map((tool): DeferredTool => ({ tool, source: 'mcp', sourceName: listing.server }))
      : []
  )
  const untrustedServers = listings
    .filter((l) => l.ok && l.tools.length > 0 && mcp.get(l.server)?.config.trusted === false)
    .map((l) => l.server)
  const gatedNames = new Set(entries.filter((entry) => entry.gated).map((entry) => entry.tool.name))
  const gated = applyUntrustedGate(
    entries.map((entry) => entry.tool),
    gatedNames,
    untrustedServers,
    inputs.confirmation
  )
  const core = gated.filter((_, i) => (entries[i] as ToolEntry).core)
  const deferrable: DeferredTool[] = [
    ...gated.flatMap((tool, i) => {
      const entry = entries[i] as ToolEntry
      return entry.core ? [] : [{ tool, source: entry.source, sourceName: entry.sourceName }]
    }),
    ...mcpTools
  ]
  const decision = decideDeferral(
    deferrable.map((d) => d.tool),
    inputs.settings.search,
    inputs.contextWindow
  )
  const visible = decision.active
    ? [...core, ...bridgesFor(deferrable, core, inputs.settings)]
    : [...core, ...deferrable.map((d) => d.tool)]
  const tools = freezeSorted(visible)
  return {
    tools,
    deferred: decision.active ? freezeSorted(deferrable.map((d) => d.tool)) : Object.freeze([]),
    decision,
    firstRequestTokens: estimateToolTokens(tools),
    untrustedServers,
    toolsets: resolution.toolsets,
    listings,
    problems,
    serverProblems
  }
}

/** Servers left out, tools dropped for their schema, tools hidden because they need tasks. */
function listingProblems(listings: readonly McpListing[]): McpConfigProblem[] {
  return listings.flatMap((listing): McpConfigProblem[] => {
    if (!listing.ok) return [{ server: listing.server, message: `left out: ${listing.error}` }]
    return [
      ...listing.problems.map((message) => ({ server: listing.server, message })),
      ...listing.hidden.map((tool) => ({
        server: listing.server,
        message: `${tool}: hidden, it can only run as a task, which Hearth does not run`
      }))
    ]
  })
}

async function availableEntries(registry: ToolRegistry, names: readonly string[]): Promise<ToolEntry[]> {
  const entries = names
    .map((name) => registry.get(name))
    .filter((entry): entry is ToolEntry => entry !== undefined)
  const available = await Promise.all(entries.map((entry) => registry.isAvailable(entry.tool)))
  return entries.filter((_, i) => available[i])
}

function bridgesFor(
  deferrable: readonly DeferredTool[],
  core: readonly ToolDefinition[],
  settings: ToolSettings
): ToolDefinition[] {
  const sorted = [...deferrable].sort((a, b) => compareNames(a.tool.name, b.tool.name))
  const catalog = new DeferredCatalog(sorted, new Set(core.map((tool) => tool.name)), settings.search)
  return createBridgeTools(catalog, settings.search)
}

function freezeSorted(tools: readonly ToolDefinition[]): readonly ToolDefinition[] {
  return Object.freeze(
    [...tools]
      .sort((a, b) => compareNames(a.name, b.name))
      .map((tool) => (Object.isFrozen(tool) ? tool : Object.freeze(tool)))
  )
}
