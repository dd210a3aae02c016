import type { SetToolsetEnabledResult, ToolsListView } from '../../shared/contract/tools'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { LoadedConfig } from '../home/config'
import type { ConfigStore } from '../home/configStore'
import { MemorySecretStore, type SecretStore } from '../ports/secretStore'
import { routeBridgeCall } from './bridgeTools'
import { EventConfirmationPort } from './eventConfirmationPort'
import { parseMcpServers, type McpConfigProblem, type ParsedMcpServers } from './mcp/mcpConfig'
import { McpManager } from './mcp/mcpManager'
import type { McpServerState } from './mcp/mcpConnectionTypes'
import { readSecretHeaders } from './mcp/mcpSecrets'
import { McpServerAdmin } from './mcp/mcpServerAdmin'
import { ProjectServerOffers, type ProjectSessionServers } from './mcp/projectOffers'
import { ToolRegistry } from './registry'
import { errorOutcome, runTool, unknownToolOutcome } from './runTool'
import { planSession, type SessionPlan } from './sessionPlan'
import { DEFAULT_AGENT_TOOLSETS } from './toolsets'
import type {
  ConfirmationPort,
  SessionToolsOptions,
  ToolCatalog,
  ToolContext,
  ToolDefinition,
  ToolOutcome
} from './toolTypes'
import type { AgentToolConfig } from './agentToolConfig'
import { buildToolsList, setToolsetEnabled, type ToolsViewSource } from './toolsView'
import { denyAllConfirmations } from './untrustedGate'
import type { AgentId } from '../../shared/contract'

export interface ToolsServiceOptions {
  readonly registry: ToolRegistry
  /** config.json, read fresh on every use (the user may edit it while the app runs). */
  readonly config: ConfigStore
  readonly contextWindow: (model: string) => number | null
  readonly version: string
  readonly events?: EventHub
  /** Who answers the untrusted gate; defaults to "no" (nobody to ask). */
  readonly confirmation?: ConfirmationPort
  /** Throws `not_found` for an unknown agent (so settings cannot be written for a typo). */
  readonly assertAgent?: (agentId: AgentId) => void
  /** Where MCP servers that fail or crash are reported, beside the status event. */
  readonly log?: Logger
  /** Where remote servers' header values live (never config.json). */
  readonly secrets?: SecretStore
  /** For `${VAR}` in server entries; defaults to this process's environment. */
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly now?: () => number
}

/**
 * The tool layer behind one core: the registry of built-ins, the MCP servers, the per-agent
 * toolsets and tool search. Implements the chat engine's `ToolCatalog` port.
 */
export class ToolsService implements ToolCatalog, ToolsViewSource {
  readonly registry: ToolRegistry
  readonly mcp: McpManager
  /** Settings → Tools' add / edit / remove / test of servers. */
  readonly servers: McpServerAdmin
  private readonly confirmation: ConfirmationPort
  /** Each agent's problems as of its last planned session (for `hearth chat --json`). */
  private readonly lastProblems = new Map<string, readonly McpConfigProblem[]>()
  /** Project folders' `.mcp.json` servers, run once the user allows the file. */
  readonly projects: ProjectServerOffers

  constructor(private readonly options: ToolsServiceOptions) {
    this.registry = options.registry
    this.confirmation = options.confirmation ?? denyAllConfirmations
    this.mcp = new McpManager({
      startTimeoutMs: 20_000,
      callTimeoutMs: 60_000,
      maxCallMs: 600_000,
      clientVersion: options.version,
      ...(options.now ? { now: options.now } : {}),
      secretHeaders: (server) => readSecretHeaders(options.secrets, server),
      onChange: (state) => this.reportServer(state),
      ...(options.log ? { log: options.log } : {})
    })
    this.projects = new ProjectServerOffers({
      config: options.config,
      env: options.env ?? process.env,
      // Only a window can show the question; the CLI points to `hearth mcp project allow`.
      question: () =>
        this.confirmation instanceof EventConfirmationPort
          ? (request) => (this.confirmation as EventConfirmationPort).decide(request)
          : undefined
    })
    this.servers = new McpServerAdmin({
      config: options.config,
      secrets: options.secrets ?? new MemorySecretStore(),
      mcp: this.mcp,
      sync: () => this.syncServers(),
      env: options.env ?? process.env
    })
  }

  /** Reads the agent's tool configuration and brings the MCP connections in line with it. */
  agentConfig(agentId: AgentId): AgentToolConfig {
    const loaded = this.options.config.read()
    const settings = loaded.config.tools
    const listed = loaded.config.agents[agentId]?.toolsets
    const model = loaded.config.agents[agentId]?.model ?? loaded.config.model
    const servers = this.syncServers(loaded)
    return {
      config: loaded.config,
      configErrors: loaded.errors,
      configured: listed ?? DEFAULT_AGENT_TOOLSETS,
      usesDefault: listed === undefined,
      settings,
      contextWindow: settings.contextWindow ?? this.options.contextWindow(model),
      mcpProblems: servers.problems,
      mcpServers: Object.keys(servers.servers)
    }
  }

  /**
   * Reads `mcpServers` (entry by entry) and brings the connections in line with it: new servers
   * added, removed ones stopped, changed ones restarted.
   */
  syncServers(loaded: LoadedConfig = this.options.config.read()): ParsedMcpServers {
    const settings = loaded.config.tools
    const servers = parseMcpServers(loaded.raw?.mcpServers, this.options.env ?? process.env)
    this.mcp.configure(
      { ...this.projects.active(Object.keys(servers.servers)), ...servers.servers },
      {
        startTimeoutMs: settings.mcpStartTimeoutMs,
        callTimeoutMs: settings.mcpCallTimeoutMs,
        maxCallMs: settings.mcpMaxCallMs
      }
    )
    return servers
  }

  /** The user's answer to a `tools.confirmationRequested` event; false when nothing was waiting. */
  answerConfirmation(requestId: string, approved: boolean): boolean {
    return this.confirmation instanceof EventConfirmationPort
      ? this.confirmation.answer(requestId, approved)
      : false
  }

  /** Plans a new session of this agent (see sessionPlan.ts), in a project folder when `cwd` is given. */
  async planSession(agentId: AgentId, options: SessionToolsOptions = {}): Promise<SessionPlan> {
    const agent = this.agentConfig(agentId)
    const project = await this.projectServers(agentId, options, agent.mcpServers)
    const plan = await planSession({
      registry: this.registry,
      mcp: this.mcp,
      servers: [...agent.mcpServers, ...project.servers],
      configured: agent.configured,
      settings: agent.settings,
      contextWindow: agent.contextWindow,
      confirmation: () => this.confirmation,
      configProblems: [...agent.mcpProblems, ...project.problems]
    })
    this.lastProblems.set(agentId, plan.serverProblems)
    return plan
  }

  /**
   * The MCP problems an agent's sessions would meet, one per server and message: entries that
   * were left out or have ignored keys, servers that failed to start, tools dropped or hidden.
   * From the last planned session, else from the servers' current state.
   */
  problemsFor(agentId: AgentId): readonly McpConfigProblem[] {
    const planned = this.lastProblems.get(agentId)
    if (planned) return planned
    return this.mcp
      .states()
      .flatMap((state) => (state.error ? [{ server: state.name, message: state.error }] : []))
  }

  async sessionTools(agentId: AgentId, options?: SessionToolsOptions): Promise<readonly ToolDefinition[]> {
    return (await this.planSession(agentId, options)).tools
  }

  /** The allowed servers of the folder's `.mcp.json`, started with the others (see ProjectServerOffers). */
  private async projectServers(
    agentId: AgentId,
    options: SessionToolsOptions,
    global: readonly string[]
  ): Promise<ProjectSessionServers> {
    if (!options.cwd) return { servers: [], problems: [] }
    const project = await this.projects.forSession(agentId, options.cwd, global, options.offer === true)
    if (project.servers.length > 0) this.syncServers()
    return project
  }

  /**
   * Runs one call against the session's frozen list. `tool_call` is unwrapped here so the
   * outcome names the real tool (the UI shows it) and a refusal never reaches a handler.
   */
  async dispatch(
    tools: readonly ToolDefinition[],
    name: string,
    input: unknown,
    context: ToolContext
  ): Promise<ToolOutcome> {
    try {
      const tool = tools.find((candidate) => candidate.name === name)
      if (!tool) return unknownToolOutcome(name)
      const routed = routeBridgeCall(tool, input)
      if (routed === undefined) return await runTool(tool, input, context)
      if ('error' in routed) return errorOutcome(name, routed.error)
      return await runTool(routed.target, routed.args, context, routed.target.name)
    } catch (error) {
      return errorOutcome(
        name,
        `Tool dispatch failed: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }

  list(agentId: AgentId): Promise<ToolsListView> {
    this.options.assertAgent?.(agentId)
    return buildToolsList(this, agentId)
  }

  setEnabled(agentId: AgentId, toolset: string, enabled: boolean): Promise<SetToolsetEnabledResult> {
    this.options.assertAgent?.(agentId)
    return setToolsetEnabled(this, this.options.config, agentId, toolset, enabled)
  }

  /** Stops every MCP server process and waits for them to exit. */
  dispose(): Promise<void> {
    if (this.confirmation instanceof EventConfirmationPort) this.confirmation.dispose()
    return this.mcp.closeAll()
  }

  /** For the synchronous `Core.dispose`: denies open questions and kills the servers now. */
  disposeNow(): void {
    if (this.confirmation instanceof EventConfirmationPort) this.confirmation.dispose()
    this.mcp.terminateAll()
  }

  private reportServer(state: McpServerState): void {
    if (state.status === 'failed' || state.status === 'crashed')
      this.options.log?.warn(`MCP server "${state.name}" ${state.status}`, {
        error: state.error,
        restarts: state.restarts
      })
    this.options.events?.emit('tools.serverStatusChanged', {
      server: state.name,
      status: state.status,
      toolCount: state.toolCount,
      error: state.error
    })
  }
}
