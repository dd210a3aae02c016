import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { isMcpError, MCP_CONNECTION_CLOSED, MCP_REQUEST_TIMEOUT } from './mcpErrorCodes'

describe('mcpErrorCodes', () => {
  it('match the SDK codes', () => {
    expect(MCP_CONNECTION_CLOSED).toBe(ErrorCode.ConnectionClosed)
    expect(MCP_REQUEST_TIMEOUT).toBe(ErrorCode.RequestTimeout)
  })

  it("tell the SDK's McpError by its code, and nothing else", () => {
    const timeout = new McpError(ErrorCode.RequestTimeout, 'Request timed out')
    expect(isMcpError(timeout, MCP_REQUEST_TIMEOUT)).toBe(true)
    expect(isMcpError(timeout, MCP_CONNECTION_CLOSED)).toBe(false)
    expect(isMcpError(new McpError(ErrorCode.ConnectionClosed, 'closed'), MCP_CONNECTION_CLOSED)).toBe(true)
    expect(
      isMcpError(Object.assign(new Error('x'), { code: MCP_REQUEST_TIMEOUT }), MCP_REQUEST_TIMEOUT)
    ).toBe(false)
    expect(isMcpError({ name: 'McpError', code: MCP_REQUEST_TIMEOUT }, MCP_REQUEST_TIMEOUT)).toBe(false)
  })
})
