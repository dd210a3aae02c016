import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ErrorCode, McpError, type CallToolResult, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolError } from '../runTool'
import type { Logger } from '../../ports/logger'

export interface McpServerConfig {
  readonly command: string
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
  readonly trusted: boolean
}

export type McpStatus = 'stopped' | 'starting' | 'running' | 'failed' | 'crashed'

export interface McpServerState {
  readonly name: string
  readonly status: McpStatus
  readonly trusted: boolean
  /** Tools the server listed at its last start (0 before the first listing). */
  readonly toolCount: number
  readonly error: string | null
  /** How many times the process was started again after a crash. */
  readonly restarts: number
}

/** A tool as the server lists it (name and schema not yet checked). */
export interface McpRemoteTool {
  readonly name: string
  readonly description?: string | undefined
  readonly inputSchema: Readonly<Record<string, unknown>>
  /** `taskSupport: "required"` tools can only run as tasks (hidden from the model). */
  readonly execution?: { readonly taskSupport?: string | undefined } | undefined
}

export interface McpConnectionOptions {
  readonly startTimeoutMs: number
  readonly callTimeoutMs: number
  readonly clientVersion: string
  readonly onChange: (state: McpServerState) => void
  readonly log?: Logger
}

const STDERR_LINES = 12
/** Stop paging a tools/list that never ends (a buggy server must not hang session start). */
const MAX_LISTED_TOOLS = 2_000

/**
 * One MCP server over stdio, started on first use. When the process dies, the connection is
 * marked crashed (and reported through `onChange`); the next use starts it again, so a broken
 * server costs one failed call, never the session or the app.
 */
export class McpConnection {
  private client: Client | undefined
  private pid: number | null = null
  private starting: Promise<Client> | undefined
  private tools: McpRemoteTool[] | undefined
  private status: McpStatus = 'stopped'
  private error: string | null = null
  private restarts = 0
  private stderrTail: string[] = []

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly options: McpConnectionOptions
  ) {}

  state(): McpServerState {
    return { name: this.name, status: this.status, trusted: this.config.trusted, toolCount: this.tools?.length ?? 0, error: this.error, restarts: this.restarts }
  }

  /** The server's tools (listed once per process start). Throws when the server cannot start. */
  async listTools(): Promise<readonly McpRemoteTool[]> {
    const client = await this.ensureStarted()
    if (this.tools) return this.tools
    const listed: McpRemoteTool[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.options.startTimeoutMs })
      listed.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor && listed.length < MAX_LISTED_TOOLS)
    this.tools = listed
    this.notify()
    return listed
  }

  /** Calls one tool with the per-call timeout; failures become `ToolError`s the model can read. */
  async callTool(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const client = await this.ensureStarted().catch((error: unknown) => {
      throw new ToolError(`MCP server "${this.name}" could not be started: ${messageOf(error)}`, { error_type: 'mcp_unavailable' })
    })
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: this.options.callTimeoutMs, ...(signal ? { signal } : {}) })
      return result as CallToolResult
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
    const client = await this.ensureStarted().catch((error: unknown) => {
      throw new ToolError(`MCP server "${this.name}" could not be started: ${messageOf(error)}`, { error_type: 'mcp_unavailable' })
    })
    try {
      return await client.readResource({ uri }, { timeout: this.options.callTimeoutMs, ...(signal ? { signal } : {}) })
    } catch (error) {
      throw this.callError(`resources/read ${uri}`, error)
    }
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
    const pid = this.pid
    void this.close()
    if (pid !== null) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
    this.pid = null
  }

  private ensureStarted(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client)
    this.starting ??= this.start().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  private async start(): Promise<Client> {
    if (this.status === 'crashed') this.restarts++
    this.setStatus('starting', null)
    this.stderrTail = []
    const transport = new StdioClientTransport({
      command: this.config.command,
      args: [...this.config.args],
      env: { ...getDefaultEnvironment(), ...this.config.env },
      stderr: 'pipe'
    })
    transport.stderr?.on('data', (chunk: Buffer) => this.keepStderr(chunk.toString('utf8')))
    const client = new Client({ name: 'hearth', version: this.options.clientVersion })
    client.onclose = () => this.onClosed(client)
    client.onerror = () => undefined
    try {
      await client.connect(transport, { timeout: this.options.startTimeoutMs })
    } catch (error) {
      // Starting failed, so the half-open client may not close cleanly; the failure is reported below.
      await client.close().catch(() => undefined)
      this.setStatus('failed', `could not start \`${this.config.command}\`: ${messageOf(error)}${this.stderrSuffix()}`)
      throw new Error(this.error ?? 'could not start')
    }
    this.client = client
    this.pid = transport.pid
    this.tools = undefined
    this.setStatus('running', null)
    return client
  }

  private onClosed(client: Client): void {
    if (this.client !== client) return
    this.client = undefined
    this.tools = undefined
    this.setStatus('crashed', `the server process exited unexpectedly${this.stderrSuffix()}; it will be restarted on next use`)
  }

  private callError(tool: string, error: unknown): ToolError {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return new ToolError(`"${tool}" on MCP server "${this.name}" did not answer within ${formatDuration(this.options.callTimeoutMs)}.`, { error_type: 'mcp_timeout' })
    }
    if (this.status === 'crashed' || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) {
      return new ToolError(`MCP server "${this.name}" stopped while running "${tool}"${this.stderrSuffix()}. Hearth restarts it on the next call.`, { error_type: 'mcp_crashed' })
    }
    if (error instanceof Error && error.name === 'AbortError') return new ToolError('The call was cancelled.')
    return new ToolError(`MCP server "${this.name}" failed on "${tool}": ${messageOf(error)}`, { error_type: 'mcp_error' })
  }

  private keepStderr(text: string): void {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
    this.stderrTail = [...this.stderrTail, ...lines].slice(-STDERR_LINES)
  }

  private stderrSuffix(): string {
    const last = this.stderrTail.at(-1)
    return last ? ` (stderr: ${last.slice(0, 300)})` : ''
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

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
