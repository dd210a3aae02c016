import type { KnowledgeSearchResult } from '../../../shared/contract/knowledge'
import type { KnowledgeQuery } from '../../knowledge/knowledgeQuery'
import type { MemoryHit } from '../../memory/memoryLookup'
import type { NexusUseCases } from '../nexusUseCases'
import type { McpIdentity } from './mcpClientIdentity'

/** The knowledge index's search, as MCP's knowledge_search asks it. */
export interface KnowledgeLookup {
  search(query: KnowledgeQuery): Promise<KnowledgeSearchResult>
}

export interface MemoryLookup {
  lookup(query: string, options: { agent?: string; limit?: number }): Promise<MemoryHit[]>
}

/** What Hearth's MCP tools and resources work with, for one connected client. */
export interface NexusMcpContext {
  readonly nexus: NexusUseCases
  /** The memory feature's read-only lookup (the bank ranked as recall ranks it, plus MEMORY.md / USER.md). */
  readonly memory: MemoryLookup
  readonly knowledge: KnowledgeLookup
  /** Resolved once the client has said who it is (after the handshake). */
  readonly identity: () => McpIdentity
}

/**
 * One tool of Hearth's MCP server. `inputSchema` is both what is advertised and what is
 * enforced: arguments that break it are refused (a tool result with `isError`, in words) before
 * `run`, so a client that follows the schema never meets a hidden rule; only the log's own
 * rules that depend on its contents (references to existing entries, a stale hash) come later.
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

/** What `run` returns to refuse with details the model needs (e.g. the current project state). */
export class ToolRefusal {
  constructor(
    readonly message: string,
    readonly extra?: Readonly<Record<string, unknown>>
  ) {}
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
