import { randomBytes } from 'node:crypto'
import { AgentId } from '../../shared/contract'
import type { CoreServices } from '../../core/coreServices'
import { GuardedStdioTransport } from '../../core/nexus/mcp/guardedStdioTransport'
import { sha256Hex } from '../../core/nexus/mcp/mcpClientIdentity'
import { createNexusMcpServer } from '../../core/nexus/mcp/nexusMcpServer'
import { startMcpHttpHost } from '../../server/mcpHttpHost'
import { UsageError, type CliCommand, type CommandContext } from '../command'

/** Resolves when the client goes away (stdin closes) or the process is asked to stop. */
function untilDisconnected(watchStdin: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (watchStdin) {
      process.stdin.once('end', resolve)
      process.stdin.once('close', resolve)
    }
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
}

function serverFor(
  services: CoreServices,
  token: string | undefined
): ReturnType<typeof createNexusMcpServer> {
  return createNexusMcpServer({
    nexus: services.nexus,
    memory: services.memory,
    knowledge: services.knowledge,
    version: services.version,
    bindings: () => services.config.config().mcp.clients,
    agentIds: () => services.agents.list().map((agent) => agent.id),
    token
  })
}

function port(ctx: CommandContext): number {
  const value = ctx.options.port === undefined ? 0 : Number(ctx.options.port)
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new UsageError('--port must be a number between 0 and 65535')
  return value
}

/**
 * `hearth mcp`: Hearth as an MCP server (Nexus, project state and memory tools, resources and a
 * prompt). On stdio stdout carries only the protocol and anything for humans goes to stderr;
 * with `--http` the first stdout line is `{url, token}`.
 */
export const mcpCommand: CliCommand = {
  words: ['mcp'],
  summary: 'run Hearth as an MCP server on stdio, or on Streamable HTTP with --http',
  usage: 'hearth mcp [--http] [--port N]',
  options: { http: 'boolean', port: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const { services } = ctx.core()
    if (ctx.options.http !== true) {
      if (ctx.options.port !== undefined) throw new UsageError('--port needs --http')
      const server = serverFor(services, ctx.env.HEARTH_MCP_TOKEN || undefined)
      const disconnected = untilDisconnected(true)
      await server.connect(new GuardedStdioTransport(process.stdin, process.stdout))
      process.stderr.write(`hearth mcp: serving the Nexus of ${services.paths.root} on stdio\n`)
      await disconnected
      await server.close()
      return { data: null, text: '', silent: true }
    }
    const boundTokens = (): string[] =>
      Object.values(services.config.config().mcp.clients).flatMap((binding) =>
        binding.tokenSha256 ? [binding.tokenSha256] : []
      )
    const host = await startMcpHttpHost({
      port: port(ctx),
      ...(ctx.env.HEARTH_MCP_HTTP_TOKEN ? { token: ctx.env.HEARTH_MCP_HTTP_TOKEN } : {}),
      acceptsToken: (token) => boundTokens().includes(sha256Hex(token)),
      createServer: (token) => serverFor(services, token),
      errors: ctx.core().errorLog
    })
    ctx.print(JSON.stringify({ url: host.url, token: host.token }))
    process.stderr.write(
      `hearth mcp: serving the Nexus of ${services.paths.root} at ${host.url} (Authorization: Bearer <token>). Ctrl+C stops.\n`
    )
    await untilDisconnected(false)
    await host.close()
    return { data: null, text: '', silent: true }
  }
}

/** `hearth mcp bind CLIENT --agent ID [--token]`: lets a runtime post as one of your agents. */
export const mcpBindCommand: CliCommand = {
  words: ['mcp', 'bind'],
  summary: 'bind an MCP client name to an agent (optionally with a token it must present)',
  usage: 'hearth mcp bind CLIENT --agent ID [--token]',
  options: { agent: 'string', token: 'boolean' },
  positionals: [1, 1],
  async run(ctx) {
    const client = ctx.positionals[0] as string
    if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(client))
      throw new UsageError('CLIENT is the client name as a lowercase slug, e.g. claude-code')
    if (typeof ctx.options.agent !== 'string' || ctx.options.agent === '')
      throw new UsageError('--agent is required')
    // This command holds the core instead of calling the contract, so it parses the id itself.
    const agentId = AgentId.safeParse(ctx.options.agent)
    if (!agentId.success)
      throw new UsageError(agentId.error.issues[0]?.message ?? '--agent is not an agent id')
    const { services } = ctx.core()
    const agent = services.agents.get(agentId.data)
    const token = ctx.options.token === true ? randomBytes(24).toString('hex') : null
    const binding = { agent: agent.id, ...(token ? { tokenSha256: sha256Hex(token) } : {}) }
    // Replaces the whole binding, so binding again without --token drops an old token.
    await services.config.patch((raw) => {
      const mcp = objectOrEmpty(raw.mcp)
      return { ...raw, mcp: { ...mcp, clients: { ...objectOrEmpty(mcp.clients), [client]: binding } } }
    })
    const text = token
      ? `Bound ${client} to ${agent.id}. Give the client this token as HEARTH_MCP_TOKEN (shown once; only its hash is stored):\n${token}`
      : `Bound ${client} to ${agent.id}: a client calling itself "${client}" now posts as ${agent.id}.`
    return { data: { client, agent: agent.id, token }, text }
  }
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
