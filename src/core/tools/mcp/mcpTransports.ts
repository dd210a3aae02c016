import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpRemoteConfig, McpServerConfig, McpStdioConfig } from './mcpConfig'
import type { StderrTail } from './stderrTail'

/** The wire a connection runs on once connected (an `auto` entry settles on http or sse). */
export type TransportKind = 'stdio' | 'http' | 'sse'

/** A transport about to be connected, and how to reach its process (stdio only). */
export interface OpenedTransport {
  readonly kind: TransportKind
  readonly transport: Transport
  readonly pid: () => number | null
}

/** The transport kinds to try, in order, for a server entry. */
export function transportPlan(config: McpServerConfig): readonly TransportKind[] {
  if (config.transport === 'stdio') return ['stdio']
  if (config.transport === 'auto') return ['http', 'sse']
  return [config.transport]
}

/**
 * Opens one transport. stdio servers get a safe default environment plus their own `env`, run
 * in their `cwd`, and have stderr captured (never mixed into Hearth's output). Remote servers
 * get their headers on every request, including the SSE stream.
 */
export function openTransport(
  kind: TransportKind,
  config: McpServerConfig,
  headers: Readonly<Record<string, string>>,
  stderr: StderrTail
): OpenedTransport {
  if (kind === 'stdio') return openStdio(config as McpStdioConfig, stderr)
  const remote = config as McpRemoteConfig
  const requestInit: RequestInit = { headers: { ...headers } }
  const url = new URL(remote.url)
  const transport =
    kind === 'http'
      ? new StreamableHTTPClientTransport(url, { requestInit })
      : new SSEClientTransport(url, { requestInit })
  return { kind, transport, pid: () => null }
}

function openStdio(config: McpStdioConfig, stderr: StderrTail): OpenedTransport {
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...config.args],
    env: { ...getDefaultEnvironment(), ...config.env },
    ...(config.cwd ? { cwd: config.cwd } : {}),
    stderr: 'pipe'
  })
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')))
  return { kind: 'stdio', transport, pid: () => transport.pid }
}

/**
 * Whether a failed Streamable HTTP connect means "this server only speaks the old SSE
 * transport" (it refused the POST with a 4xx), so an `auto` entry should try SSE next.
 * Auth failures are not that: the user must fix the headers.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError)) return false
  const code = error.code ?? 0
  return code >= 400 && code < 500 && code !== 401 && code !== 403
}
