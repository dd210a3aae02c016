import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolError } from '../runTool'
import type { McpServerConfig } from './mcpConfig'
import { mcpCallError } from './mcpCallErrors'
import type { McpConnectionOptions, McpRemoteTool, McpServerState, McpStatus } from './mcpConnectionTypes'
import { describeStartFailure, describeTransport, formatDuration, messageOf } from './mcpDiagnosis'
import type { OpenedTransport } from './mcpTransports'
import { RetryBackoff } from './retryBackoff'
import { StderrTail } from './stderrTail'

/** Stop paging a tools/list that never ends (a buggy server must not hang session start). */
const MAX_LISTED_TOOLS = 2_000

/**
 * One MCP server (a local process or a remote endpoint), connected on first use. A server that
 * fails to start is not tried again until its backoff passes, so a broken entry costs one
 * attempt, not every turn. When a process dies the connection is marked crashed and the next
 * use starts it again, so a broken server costs one failed call, never the session or the app.
 */
export class McpConnection {
  private client: Client | undefined
  private opened: OpenedTransport | undefined
  private starting: Promise<Client> | undefined
  private tools: McpRemoteTool[] | undefined
  private status: McpStatus = 'stopped'
  private error: string | null = null
  private restarts = 0
  private toolsChangedAt: number | null = null
  private readonly stderr = new StderrTail()
  private readonly backoff: RetryBackoff

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly options: McpConnectionOptions
  ) {
    this.backoff = new RetryBackoff(options.now)
  }

  state(): McpServerState {
    return {
      name: this.name,
      status: this.status,
      trusted: this.config.trusted,
      toolCount: this.tools?.length ?? 0,
      error: this.error,
      restarts: this.restarts,
      transport: this.opened?.kind ?? null,
      stderr: this.stderr.all(),
      retryAt: this.status === 'failed' ? this.backoff.retryAt() : null,
      toolsChangedAt: this.toolsChangedAt
    }
  }

  /** The server's tools (listed once per start, again after it says they changed). Throws when it cannot start. */
  async listTools(): Promise<readonly McpRemoteTool[]> {
    const client = await this.ensureStarted()
    if (this.tools) return this.tools
    const listed: McpRemoteTool[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.options.startTimeoutMs
      })
      listed.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor && listed.length < MAX_LISTED_TOOLS)
    this.tools = listed
    this.notify()
    return listed
  }

  /**
   * Calls one tool. A progress token goes with it, so a long operation that reports progress
   * keeps its deadline moving (up to `maxCallMs`); failures become `ToolError`s the model can read.
   */
  async callTool(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const client = await this.startedForCall()
    const { callTimeoutMs, maxCallMs } = this.options
    try {
      const options = {
        timeout: callTimeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: maxCallMs,
        onprogress: () => undefined,
        ...(signal ? { signal } : {})
      }
      return (await client.callTool({ name: tool, arguments: args }, undefined, options)) as CallToolResult
    } catch (error) {
      throw this.callError(tool, error)
    }
  }

  /** Whether the running server said it serves resources (false before it started). */
  supportsResources(): boolean {
    return this.client?.getServerCapabilities()?.resources !== undefined
  }

  /** Reads one resource; failures become `ToolError`s the model can read. */
  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    const client = await this.startedForCall()
    try {
      return await client.readResource(
        { uri },
        { timeout: this.options.callTimeoutMs, ...(signal ? { signal } : {}) }
      )
    } catch (error) {
      throw this.callError(`resources/read ${uri}`, error)
    }
  }

  /**
   * Tries now, whatever the backoff says (the user pressed Test): a running server is pinged and
   * asked for its tools again, so one that stopped answering fails here; any other is started.
   */
  async test(): Promise<{ readonly started: boolean; readonly toolCount: number }> {
    this.backoff.reset()
    if (this.status === 'failed') this.setStatus('stopped', null)
    const running = this.client
    if (running) {
      await running.ping({ timeout: this.options.startTimeoutMs })
      this.tools = undefined
    }
    return { started: running === undefined, toolCount: (await this.listTools()).length }
  }

  /** Stops the process; the next use starts it again. */
  async close(): Promise<void> {
    const client = this.client
    this.client = undefined
    this.starting = undefined
    this.tools = undefined
    if (this.status !== 'failed' && this.status !== 'crashed') this.setStatus('stopped', null)
    // A client whose process already died cannot close cleanly; it is gone either way.
    await client?.close().catch(() => undefined)
  }

  /**
   * Stops the process now, without waiting (the host is exiting: an async close could be cut
   * short and leave an orphan). Closing stdin asks politely; SIGTERM makes sure.
   */
  terminate(): void {
    const pid = this.opened?.pid() ?? null
    void this.close()
    if (pid !== null) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }

  private startedForCall(): Promise<Client> {
    return this.ensureStarted().catch((error: unknown) => {
      throw new ToolError(`MCP server "${this.name}" is not available: ${messageOf(error)}`, {
        error_type: 'mcp_unavailable'
      })
    })
  }

  private ensureStarted(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client)
    const wait = this.status === 'failed' ? this.backoff.waitMs() : 0
    if (wait > 0)
      return Promise.reject(
        new Error(
          `${this.error ?? 'it failed to start'} (Hearth tries again in ${formatDuration(wait)}, or press Test in Settings → Tools)`
        )
      )
    this.starting ??= this.start().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  private async start(): Promise<Client> {
    if (this.status === 'crashed') this.restarts++
    this.setStatus('starting', null)
    this.stderr.clear()
    const headers =
      this.config.transport === 'stdio'
        ? {}
        : { ...this.config.headers, ...(await this.options.secretHeaders()) }
    // The MCP client SDK is loaded when a server first starts, not with every core (CLI starts).
    const [sdk, transports] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('./mcpTransports')
    ])
    let lastError: unknown
    for (const kind of transports.transportPlan(this.config)) {
      const attempt = await this.connectWith(
        sdk.Client,
        transports.openTransport(kind, this.config, headers, this.stderr)
      )
      if (attempt.client) return this.started(attempt.client)
      lastError = attempt.error
      if (!(
        this.config.transport === 'auto' &&
        kind === 'http' &&
        transports.shouldFallBackToSse(attempt.error)
      ))
        break
    }
    this.backoff.recordFailure()
    this.setStatus('failed', describeStartFailure(describeTransport(this.config), lastError, this.stderr))
    throw new Error(this.error ?? 'could not start')
  }

  private async connectWith(
    ClientClass: typeof Client,
    opened: OpenedTransport
  ): Promise<{ client?: Client; error?: unknown }> {
    const client = new ClientClass(
      { name: 'hearth', version: this.options.clientVersion },
      { listChanged: { tools: { autoRefresh: false, onChanged: () => this.onToolsChanged(client) } } }
    )
    let handshakeError: unknown
    // Anything that is not JSON-RPC on the wire during the handshake (a banner on stdout, an
    // HTML error page) fails the start now instead of after the whole timeout.
    client.onerror = (error) => {
      if (this.client === client || handshakeError !== undefined) return
      handshakeError = error
      void opened.transport.close()
    }
    client.onclose = () => this.onClosed(client)
    this.opened = opened
    try {
      await client.connect(opened.transport, { timeout: this.options.startTimeoutMs })
      return { client }
    } catch (error) {
      // Starting failed, so the half-open client may not close cleanly; the failure is reported below.
      await client.close().catch(() => undefined)
      return { error: handshakeError ?? error }
    }
  }

  private started(client: Client): Client {
    this.client = client
    this.tools = undefined
    this.backoff.reset()
    this.setStatus('running', null)
    return client
  }

  private onToolsChanged(client: Client): void {
    if (this.client !== client) return
    this.tools = undefined
    this.toolsChangedAt = this.options.now()
    this.notify()
  }

  private onClosed(client: Client): void {
    if (this.client !== client) return
    this.client = undefined
    this.tools = undefined
    const telling = this.stderr.tellingLine()
    this.setStatus(
      'crashed',
      `the server ${this.config.transport === 'stdio' ? 'process exited' : 'connection closed'} unexpectedly${telling ? ` (stderr: ${telling})` : ''}; it will be restarted on next use`
    )
  }

  private callError(tool: string, error: unknown): ToolError {
    const { callTimeoutMs, maxCallMs } = this.options
    const crashed = this.status === 'crashed'
    return mcpCallError(
      { server: this.name, tool, crashed, stderr: this.stderr, callTimeoutMs, maxCallMs },
      error
    )
  }

  private setStatus(status: McpStatus, error: string | null): void {
    this.status = status
    this.error = error
    this.notify()
  }

  private notify(): void {
    try {
      this.options.onChange(this.state())
    } catch (error) {
      // A status listener must not break the connection.
      this.options.log?.warn(`a status listener of MCP server "${this.name}" failed`, { error })
    }
  }
}
