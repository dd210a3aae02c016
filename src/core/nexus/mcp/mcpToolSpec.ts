import type Database from 'better-sqlite3'
import type { HomePaths } from '../../home/homePaths'
import type { NexusService } from '../nexusService'
import type { McpIdentity } from './mcpClientIdentity'

/** What Hearth's MCP tools and resources work with, for one connected client. */
export interface NexusMcpContext {
  readonly nexus: NexusService
  readonly db: Database.Database
  readonly paths: HomePaths
  /** Resolved once the client has said who it is (after the handshake). */
  readonly identity: () => McpIdentity
}

/**
 * One tool of Hearth's MCP server. `inputSchema` is both what is advertised and what is
 * enforced: arguments that break it are refused with JSON-RPC -32602 before `run`, so a client
 * that follows the schema never meets a hidden rule (only the log's own rules that depend on
 * its contents, such as references to existing entries, come back as tool errors).
 */
export interface McpToolSpec {
  readonly name: string
  readonly description: string
  readonly inputSchema: Readonly<Record<string, unknown>>
  readonly annotations?: {
    readonly readOnlyHint?: boolean
    readonly destructiveHint?: boolean
    readonly idempotentHint?: boolean
  }
  readonly run: (args: Readonly<Record<string, unknown>>, context: NexusMcpContext) => unknown
}

/**
 * A JSON-RPC error with a clean message. The SDK sends any thrown error's `code` and `message`;
 * its own McpError would prefix the message with "MCP error <code>:", which clients then show twice.
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
    this.name = 'JsonRpcError'
  }
}

/** JSON-RPC codes Hearth's server answers with: invalid params (also an unknown tool) and the MCP spec's "resource not found". */
export const INVALID_PARAMS = -32602
export const RESOURCE_NOT_FOUND = -32002
