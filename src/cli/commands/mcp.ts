import type { CoreServices } from '../../core/coreServices'
import type { createNexusMcpServer } from '../../core/nexus/mcp/nexusMcpServer'
import { UsageError, type CliCommand, type CommandContext } from '../command'

/** Resolves when the client goes away (stdin ends or closes) or the process is asked to stop. */
function untilDisconnected(watchStdin: boolean): Promise<string> {
  return new Promise((resolve) => {
    if (watchStdin) {
      process.stdin.once('end', () => resolve('stdin ended'))
      process.stdin.once('close', () => resolve('stdin closed'))
    }
    process.once('SIGINT', () => resolve('SIGINT'))
    process.once('SIGTERM', () => resolve('SIGTERM'))
  })
}

function serverFor(
  createServer: typeof createNexusMcpServer,
  services: CoreServices,
  token: string | undefined,
  transport: 'stdio' | 'http'
): ReturnType<typeof createNexusMcpServer> {
  return createServer({
    nexus: services.nexus,
    memory: services.memory,
    knowledge: services.knowledge,
    version: services.version,
    bindings: () => services.nexus.memberBindings(),
    agentIds: () => services.agents.list().map((agent) => agent.id),
    token,
    transport
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
    // The MCP server SDK and the HTTP host are loaded only when Hearth serves MCP.
    const [{ createNexusMcpServer }, { GuardedStdioTransport }, { sha256Hex }, { startMcpHttpHost }] =
      await Promise.all([
        import('../../core/nexus/mcp/nexusMcpServer'),
        import('../../core/nexus/mcp/guardedStdioTransport'),
        import('../../core/nexus/mcp/mcpClientIdentity'),
        import('../../server/mcpHttpHost')
      ])
    const { services } = ctx.core()
    if (ctx.options.http !== true) {
      if (ctx.options.port !== undefined) throw new UsageError('--port needs --http')
      const server = serverFor(createNexusMcpServer, services, ctx.env.HEARTH_MCP_TOKEN || undefined, 'stdio')
      const disconnected = untilDisconnected(true)
      await server.connect(new GuardedStdioTransport(process.stdin, process.stdout))
      process.stderr.write(`hearth mcp: serving the Nexus of ${services.paths.root} on stdio\n`)
      const why = await disconnected
      await server.close()
      // A paused or flowing stdin keeps the event loop alive after a signal; let go of it so the
      // process exits now instead of when the client's own timeout gives up on it.
      process.stdin.destroy()
      process.stderr.write(`hearth mcp: stopped (${why})\n`)
      return { data: null, text: '', silent: true }
    }
    const boundTokens = (): string[] =>
      Object.values(services.nexus.memberBindings()).flatMap((binding) =>
        binding.tokenSha256 ? [binding.tokenSha256] : []
      )
    let host: Awaited<ReturnType<typeof startMcpHttpHost>> | undefined = undefined
    host = await startMcpHttpHost({
      port: port(ctx),
      ...(ctx.env.HEARTH_MCP_HTTP_TOKEN ? { token: ctx.env.HEARTH_MCP_HTTP_TOKEN } : {}),
      acceptsToken: (token) => boundTokens().includes(sha256Hex(token)),
      // The host's own bearer admits a guest; only a member's token says who the client is.
      createServer: (token) =>
        serverFor(createNexusMcpServer, services, token === host?.token ? undefined : token, 'http'),
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

const BIND_USAGE = 'hearth mcp bind NAME --agent ID [--external] [--token]'

/**
 * `hearth mcp bind NAME --agent ID [--external] [--token]`: makes a runtime a member of the
 * Nexus, posting as one of your agents (or, with --external, under a name of its own), through
 * the same contract method Settings → Nexus members uses.
 */
export const mcpBindCommand: CliCommand = {
  words: ['mcp', 'bind'],
  summary:
    'bind a runtime as a Nexus member that posts as an agent (optionally with a token it must present)',
  usage: BIND_USAGE,
  options: { agent: 'string', token: 'boolean', external: 'boolean' },
  positionals: [1, 1],
  async run(ctx) {
    const name = ctx.positionals[0] as string
    if (typeof ctx.options.agent !== 'string' || ctx.options.agent === '')
      throw new UsageError(`--agent is required (${BIND_USAGE})`)
    const external = ctx.options.external === true
    const { member, token } = await ctx.call('nexus.members.bind', {
      name,
      kind: external ? 'external' : 'agent',
      author: ctx.options.agent,
      token: ctx.options.token === true
    })
    const text = token
      ? `Bound ${member.name} to ${member.author}. Give the runtime this token as HEARTH_MCP_TOKEN or its HTTP bearer (shown once; only its hash is stored):\n${token}`
      : `Bound ${member.name} to ${member.author}: a client calling itself "${member.name}" now posts as ${member.author}.`
    return { data: { client: member.name, agent: member.author, token, member }, text }
  }
}

/** `hearth mcp members`: who is bound, whether a token is required, and when each was last seen. */
export const mcpMembersCommand: CliCommand = {
  words: ['mcp', 'members'],
  summary: 'list the runtimes bound as Nexus members',
  usage: 'hearth mcp members',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const { members } = await ctx.call('nexus.members.list', {})
    const line = (m: (typeof members)[number]): string =>
      `${m.name}\t${m.kind === 'agent' ? 'agent' : 'external'} ${m.author}\t${m.token ? 'token' : 'no token'}\t${m.lastSeenAt === null ? 'never seen' : `seen ${new Date(m.lastSeenAt).toISOString().slice(0, 16).replace('T', ' ')} UTC as ${m.lastClient} over ${m.lastTransport}`}`
    return {
      data: { members },
      text: members.length === 0 ? 'No members bound.' : members.map(line).join('\n')
    }
  }
}

/** `hearth mcp revoke NAME`: removes a member's binding; its token stops working at once. */
export const mcpRevokeCommand: CliCommand = {
  words: ['mcp', 'revoke'],
  summary: "remove a Nexus member's binding (its token stops working)",
  usage: 'hearth mcp revoke NAME',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const name = ctx.positionals[0] as string
    const result = await ctx.call('nexus.members.revoke', { name })
    return {
      data: result,
      text: `Revoked ${name}: it may read the Nexus as a guest, no longer post as its member.`
    }
  }
}
