/**
 * The MCP SDK's error codes Hearth tells apart, as plain numbers. Importing `ErrorCode` and
 * `McpError` from '@modelcontextprotocol/sdk/types.js' would load the SDK with its own copy of
 * zod on every start of the core, though an McpError can only exist once a connection has loaded
 * the SDK; `mcpErrorCodes.test.ts` checks these against the SDK's.
 */
export const MCP_CONNECTION_CLOSED = -32000
export const MCP_REQUEST_TIMEOUT = -32001

/** An `McpError` (the SDK names every one it makes so) carrying `code`. */
export function isMcpError(error: unknown, code: number): error is Error & { readonly code: number } {
  return error instanceof Error && error.name === 'McpError' && (error as { code?: unknown }).code === code
}
