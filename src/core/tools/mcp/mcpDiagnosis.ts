import type { McpServerConfig } from './mcpConfig'
import { isMcpError, MCP_CONNECTION_CLOSED, MCP_REQUEST_TIMEOUT } from './mcpErrorCodes'
import type { StderrTail } from './stderrTail'

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`
  return `${Math.round(ms / 60_000)} min`
}

/** How a server is named in messages: its command line, or its URL without query or credentials. */
export function describeTransport(config: McpServerConfig): string {
  if (config.transport === 'stdio') return `\`${[config.command, ...config.args].join(' ').slice(0, 200)}\``
  const url = new URL(config.url)
  return `${url.origin}${url.pathname}`
}

/**
 * One sentence on why a server did not start, naming the likely fix: a command that does not
 * exist, a banner printed on stdout, a process that died (with the stderr line that says why),
 * a handshake that never came, a remote that refused the credentials or cannot be reached.
 */
export function describeStartFailure(target: string, error: unknown, stderr: StderrTail): string {
  const telling = stderr.tellingLine()
  const stderrNote = telling ? ` (stderr: ${telling})` : ''
  return `could not start ${target}: ${reason(error, telling)}${stderrNote}`
}

function reason(error: unknown, telling: string | null): string {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ENOENT')
    return 'the command was not found; check "command" and that the program is installed and on PATH'
  if (code === 'EACCES') return 'the command is not executable'
  if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError')) {
    return `it wrote something that is not MCP on stdout (${firstLine(messageOf(error))}); a stdio server may write only JSON-RPC there and its logs to stderr`
  }
  if (isMcpError(error, MCP_REQUEST_TIMEOUT)) return 'it did not answer the MCP handshake in time'
  if (isMcpError(error, MCP_CONNECTION_CLOSED))
    return telling
      ? 'it exited during the MCP handshake'
      : 'it exited during the MCP handshake without saying why'
  const status = typeof code === 'number' ? code : undefined
  if (status === 401 || status === 403)
    return `the server refused the credentials (HTTP ${status}); check its headers in Settings → Tools`
  if (status !== undefined && status >= 400)
    return `the server answered HTTP ${status} (${firstLine(messageOf(error))})`
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  if (error instanceof TypeError && cause)
    return `it could not be reached (${String(cause.code ?? cause.message)})`
  return firstLine(messageOf(error))
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 300)
}
