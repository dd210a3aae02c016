import type { SetToolsetEnabledResult, ToolsetView, ToolsListView } from '../../shared/contract/tools'
import { invalidInput } from '../errors'
import type { ConfigStore } from '../home/configStore'
import { estimateToolTokens } from './deferral'
import { describeTransport } from './mcp/mcpDiagnosis'
import type { McpListing, McpManager } from './mcp/mcpManager'
import { toolsetTableFor, type SessionPlan } from './sessionPlan'
import {
  ALL_TOOLSETS,
  compressToolsets,
  isComposite,
  leafToolsets,
  MCP_TOOLSET,
  mcpToolsetName,
  resolveToolsets,
  type ToolsetTable
} from './toolsets'
import { keptToolWarnings } from './toolScan'
import type { AgentToolConfig } from './agentToolConfig'
import type { ToolRegistry } from './registry'
import type { AgentId } from '../../shared/contract'

/** What the Tools view reads from the tool layer (the service implements it; the view never holds it). */
export interface ToolsViewSource {
  readonly registry: ToolRegistry
  readonly mcp: Pick<McpManager, 'listMany' | 'get'>
  agentConfig(agentId: AgentId): AgentToolConfig
  planSession(agentId: AgentId): Promise<SessionPlan>
}

/**
 * Settings → Tools for one agent: every leaf toolset (built-in and MCP server) with its status,
 * tool count and schema tokens, and what the next session would send. Every configured MCP
 * server is started (on demand: the user opened the page) so its tools can be counted.
 */
export async function buildToolsList(service: ToolsViewSource, agentId: AgentId): Promise<ToolsListView> {
  const agent = service.agentConfig(agentId)
  const plan = await service.planSession(agentId)
  const servers = agent.mcpServers
  const listings = new Map((await service.mcp.listMany(servers)).map((listing) => [listing.server, listing]))
  const table = toolsetTableFor(service.registry, servers)
  const enabled = new Set(plan.toolsets)
  const builtin = Object.entries(table)
    .filter(
      ([name]) => !isComposite(table, name) && !servers.some((server) => mcpToolsetName(server) === name)
    )
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name]) => builtinView(service, table, name, enabled.has(name)))
  const mcp = servers.map((server) =>
    mcpView(service, server, listings.get(server), enabled.has(mcpToolsetName(server)))
  )
  return {
    agentId,
    configured: [...agent.configured],
    usesDefault: agent.usesDefault,
    toolsets: [...(await Promise.all(builtin)), ...mcp],
    session: sessionPreview(plan),
    problems: [...agent.configErrors, ...plan.problems]
  }
}

async function builtinView(
  service: ToolsViewSource,
  table: ToolsetTable,
  name: string,
  enabled: boolean
): Promise<ToolsetView> {
  const spec = table[name] as ToolsetTable[string]
  const entries = spec.tools.map((tool) => service.registry.get(tool)).filter((entry) => entry !== undefined)
  const unavailable: string[] = []
  for (const entry of entries)
    if (!(await service.registry.isAvailable(entry.tool))) unavailable.push(entry.tool.name)
  const missing = spec.tools.filter((tool) => !service.registry.get(tool))
  return {
    name,
    kind: 'builtin',
    description: spec.description,
    enabled,
    status: entries.length === 0 ? 'empty' : unavailable.length > 0 ? 'unavailable' : 'ready',
    trusted: null,
    toolCount: entries.length,
    tokens: estimateToolTokens(entries.map((entry) => entry.tool)),
    error: describeBuiltinProblems(unavailable, missing),
    warnings: [],
    blockedTools: []
  }
}

function describeBuiltinProblems(unavailable: readonly string[], missing: readonly string[]): string | null {
  const parts: string[] = []
  if (unavailable.length > 0) parts.push(`unavailable right now: ${unavailable.join(', ')}`)
  if (missing.length > 0) parts.push(`not installed in this build: ${missing.join(', ')}`)
  return parts.length > 0 ? parts.join('; ') : null
}

function mcpView(
  service: ToolsViewSource,
  server: string,
  listing: McpListing | undefined,
  enabled: boolean
): ToolsetView {
  const connection = service.mcp.get(server)
  const state = connection?.state()
  const ok = listing?.ok === true ? listing : undefined
  return {
    name: mcpToolsetName(server),
    kind: 'mcp',
    description: `MCP server “${server}” (${connection ? describeTransport(connection.config) : '?'})`,
    enabled,
    status: state?.status ?? 'stopped',
    trusted: state?.trusted ?? false,
    toolCount: ok?.tools.length ?? 0,
    tokens: ok ? estimateToolTokens(ok.tools) : 0,
    error:
      listing && !listing.ok
        ? listing.error
        : ok && ok.problems.length > 0
          ? ok.problems.join('; ')
          : (state?.error ?? null),
    // Withheld tools are listed on their own (blockedTools); warnings are the kept tools'.
    warnings: ok ? keptToolWarnings(ok.tools) : [],
    blockedTools: ok ? [...ok.blocked] : []
  }
}

function sessionPreview(plan: SessionPlan): ToolsListView['session'] {
  return {
    deferred: plan.decision.active,
    reason: plan.decision.reason,
    deferrableTokens: plan.decision.deferrableTokens,
    thresholdTokens: plan.decision.thresholdTokens,
    firstRequestTokens: plan.firstRequestTokens,
    visibleTools: plan.tools.map((tool) => tool.name),
    deferredTools: plan.deferred.map((tool) => tool.name),
    untrustedServers: [...plan.untrustedServers]
  }
}

/**
 * Turns one toolset on or off for an agent by rewriting `agents.<id>.toolsets` in config.json
 * (other keys untouched; refused while the file is malformed). Sessions already running keep
 * their frozen tools; the next one pays one cache write for its new tools array, which the
 * result states.
 */
export async function setToolsetEnabled(
  service: ToolsViewSource,
  config: ConfigStore,
  agentId: AgentId,
  toolset: string,
  enabled: boolean
): Promise<SetToolsetEnabledResult> {
  const agent = service.agentConfig(agentId)
  const table = toolsetTableFor(service.registry, agent.mcpServers)
  if (toolset === ALL_TOOLSETS || toolset === '*' || !Object.hasOwn(table, toolset)) {
    throw invalidInput(`Unknown toolset "${toolset}". Toolsets: ${Object.keys(table).sort().join(', ')}.`)
  }
  const leaves = new Set(
    resolveToolsets(table, agent.configured).toolsets.filter((name) => !isComposite(table, name))
  )
  for (const leaf of leafToolsets(table, toolset)) {
    if (enabled) leaves.add(leaf)
    else leaves.delete(leaf)
  }
  const previous = enabled
    ? [...agent.configured, toolset]
    : agent.configured.filter(
        (name) => name !== toolset && !(toolset === MCP_TOOLSET && name.startsWith('mcp-'))
      )
  const configured = compressToolsets(table, leaves, previous)
  await config.patch({ agents: { [agentId]: { toolsets: configured } } })
  const plan = await service.planSession(agentId)
  const tokens = plan.firstRequestTokens
  return {
    agentId,
    configured,
    takesEffect: 'next_session',
    cacheCost: {
      tokens,
      message: `Takes effect in ${agentId}'s next session; running sessions keep their tools. The next session's first request writes its tools (~${tokens.toLocaleString('en-US')} tokens) to the prompt cache once.`
    }
  }
}
