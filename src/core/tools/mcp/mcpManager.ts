import type { Logger } from '../../ports/logger'
import type { McpServerConfig } from './mcpConfig'
import { McpConnection } from './mcpConnection'
import type { McpServerState } from './mcpConnectionTypes'
import { toToolDefinitions, type McpToolSet } from './mcpTools'

export interface McpTimeouts {
  readonly startTimeoutMs: number
  readonly callTimeoutMs: number
  /** The longest a call may run while the server keeps reporting progress. */
  readonly maxCallMs: number
}

export interface McpManagerOptions extends McpTimeouts {
  readonly clientVersion: string
  readonly now?: () => number
  /** Header values a remote server keeps in the secret store. */
  readonly secretHeaders?: (server: string) => Promise<Readonly<Record<string, string>>>
  readonly onChange?: (state: McpServerState) => void
  readonly log?: Logger
}

/** A server's tools, or why there are none (the session goes on without them). */
export type McpListing =
  | (McpToolSet & { readonly ok: true })
  | { readonly ok: false; readonly server: string; readonly error: string }

/**
 * All configured MCP servers, one connection each. `configure` is called with the current
 * config.json before each use (the user may have edited it): new servers are added, removed
 * ones stopped, changed ones restarted with their new command.
 */
export class McpManager {
  private readonly connections = new Map<string, McpConnection>()
  private timeouts: McpTimeouts

  constructor(private readonly options: McpManagerOptions) {
    this.timeouts = {
      startTimeoutMs: options.startTimeoutMs,
      callTimeoutMs: options.callTimeoutMs,
      maxCallMs: options.maxCallMs
    }
  }

  configure(servers: Readonly<Record<string, McpServerConfig>>, timeouts?: McpTimeouts): void {
    const changedTimeouts =
      timeouts !== undefined && JSON.stringify(timeouts) !== JSON.stringify(this.timeouts)
    if (timeouts) this.timeouts = timeouts
    for (const [name, connection] of this.connections) {
      const wanted = Object.hasOwn(servers, name) ? servers[name] : undefined
      if (!wanted || changedTimeouts || !sameConfig(connection.config, wanted)) {
        this.connections.delete(name)
        void connection.close()
      }
    }
    for (const [name, config] of Object.entries(servers)) {
      if (!this.connections.has(name)) this.connections.set(name, this.connect(name, config))
    }
  }

  /** Drops a server's connection (stopping it), so the next `configure` starts it afresh with its new settings or secrets. */
  forget(server: string): void {
    const connection = this.connections.get(server)
    this.connections.delete(server)
    void connection?.close()
  }

  serverNames(): string[] {
    return [...this.connections.keys()].sort()
  }

  get(server: string): McpConnection | undefined {
    return this.connections.get(server)
  }

  states(): McpServerState[] {
    return this.serverNames().map((name) => (this.connections.get(name) as McpConnection).state())
  }

  /** Starts the server if needed and returns its tool definitions; never throws. */
  async listTools(server: string): Promise<McpListing> {
    const connection = this.connections.get(server)
    if (!connection) return { ok: false, server, error: `no MCP server named "${server}" in config.json` }
    try {
      return { ok: true, ...toToolDefinitions(connection, await connection.listTools()) }
    } catch (error) {
      return { ok: false, server, error: error instanceof Error ? error.message : String(error) }
    }
  }

  /** Lists several servers in parallel (session start waits for the slowest, bounded by the start timeout). */
  listMany(servers: readonly string[]): Promise<McpListing[]> {
    return Promise.all(servers.map((server) => this.listTools(server)))
  }

  async closeAll(): Promise<void> {
    const connections = [...this.connections.values()]
    this.connections.clear()
    await Promise.all(connections.map((connection) => connection.close()))
  }

  /** Stops every server process immediately (see McpConnection.terminate). */
  terminateAll(): void {
    for (const connection of this.connections.values()) connection.terminate()
    this.connections.clear()
  }

  private connect(name: string, config: McpServerConfig): McpConnection {
    return new McpConnection(name, config, {
      ...this.timeouts,
      clientVersion: this.options.clientVersion,
      now: this.options.now ?? Date.now,
      secretHeaders: async () => (this.options.secretHeaders ? this.options.secretHeaders(name) : {}),
      onChange: (state) => this.options.onChange?.(state),
      ...(this.options.log ? { log: this.options.log } : {})
    })
  }
}

function sameConfig(a: McpServerConfig, b: McpServerConfig): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
