import { ToolError } from '../runTool'
import { formatDuration, messageOf } from './mcpDiagnosis'
import { isMcpError, MCP_CONNECTION_CLOSED, MCP_REQUEST_TIMEOUT } from './mcpErrorCodes'
import type { StderrTail } from './stderrTail'

/** The call that failed and what the connection knew then. */
export interface FailedCall {
  readonly server: string
  /** The tool's name, or what was asked (`resources/read <uri>`). */
  readonly tool: string
  /** The server's process died or its connection closed before the answer. */
  readonly crashed: boolean
  readonly stderr: StderrTail
  readonly callTimeoutMs: number
  readonly maxCallMs: number
}

/**
 * A failed MCP call as the model reads it: a timeout names the limit it hit, a crash the stderr
 * line that says why (and that Hearth restarts the server), anything else the server's message.
 */
export function mcpCallError(call: FailedCall, error: unknown): ToolError {
  if (isMcpError(error, MCP_REQUEST_TIMEOUT)) {
    const total = /maximum total timeout/i.test(error.message)
    const limit = total
      ? `${formatDuration(call.maxCallMs)} in all (the most Hearth waits, even while the server reports progress)`
      : formatDuration(call.callTimeoutMs)
    return new ToolError(`"${call.tool}" on MCP server "${call.server}" did not answer within ${limit}.`, {
      error_type: 'mcp_timeout'
    })
  }
  if (call.crashed || isMcpError(error, MCP_CONNECTION_CLOSED)) {
    const telling = call.stderr.tellingLine()
    return new ToolError(
      `MCP server "${call.server}" stopped while running "${call.tool}"${telling ? ` (stderr: ${telling})` : ''}. Hearth restarts it on the next call.`,
      { error_type: 'mcp_crashed' }
    )
  }
  if (error instanceof Error && error.name === 'AbortError') return new ToolError('The call was cancelled.')
  return new ToolError(`MCP server "${call.server}" failed on "${call.tool}": ${messageOf(error)}`, {
    error_type: 'mcp_error'
  })
}
