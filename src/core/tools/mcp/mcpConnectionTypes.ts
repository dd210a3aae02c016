import type { Logger } from '../../ports/logger'
import type { TransportKind } from './mcpTransports'

/**
 * What an MCP connection shows and takes: its state as Settings → Tools and `hearth tools`
 * show it, a tool as the server lists it, and the limits and listeners it is built with.
 */

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
  /** The wire it runs on (null before it first connected). */
  readonly transport: TransportKind | null
  /** The last lines the server wrote to stderr (stdio servers). */
  readonly stderr: readonly string[]
  /** When a failed server will be tried again (epoch ms), or null. */
  readonly retryAt: number | null
  /** The server said its tools changed; new sessions get the new list. */
  readonly toolsChangedAt: number | null
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
  /** Per-call deadline; progress notifications from the server extend it... */
  readonly callTimeoutMs: number
  /** ...up to this many milliseconds in all. */
  readonly maxCallMs: number
  readonly clientVersion: string
  readonly now: () => number
  /** Header values kept in the secret store (remote servers), looked up at each start. */
  readonly secretHeaders: () => Promise<Readonly<Record<string, string>>>
  readonly onChange: (state: McpServerState) => void
  readonly log?: Logger
}
