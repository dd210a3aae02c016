import type { AgentId, SessionId, TurnId } from '../../shared/contract'
/**
 * Tools are data (core/tools keeps the registry). Built-in tools (memory, recall, session_search,
 * skill_view, nexus_post, nexus_read) and MCP tools all have this shape.
 */
export interface ToolContext {
  readonly agentId: AgentId
  readonly sessionId: SessionId
  /**
   * The chat turn that made the call, so what a tool records (a memory receipt) can be shown on
   * that turn. Absent when a tool runs outside a turn (tests, direct calls).
   */
  readonly turnId?: TurnId
  /** Aborted when the user presses Stop. */
  readonly signal?: AbortSignal
}

export interface ToolDefinition {
  readonly name: string
  /** The toolset it belongs to, e.g. 'memory', 'nexus', 'mcp-github'. */
  readonly toolset: string
  readonly description: string
  /** JSON Schema of the input object (Anthropic `input_schema`). */
  readonly inputSchema: Readonly<Record<string, unknown>>
  /** Results longer than this are cut with a marker (default 50,000 chars). */
  readonly maxResultChars?: number
  /** Availability check; cached ~30 s by the registry; throwing means unavailable. */
  readonly isAvailable?: () => boolean | Promise<boolean>
  /** Returns any JSON-serialisable value; thrown errors become `{error}` results the model can read. */
  readonly handler: (input: Record<string, unknown>, context: ToolContext) => Promise<unknown>
}

/** The image formats the Messages API accepts in an image block. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

/** One block of a rich tool result, in the Messages API's own shape (stored and re-sent as is). */
export type ToolResultPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image'
      readonly source: { readonly type: 'base64'; readonly media_type: ImageMediaType; readonly data: string }
    }

/** The result of running one tool call; `content` is what the model reads. */
export interface ToolOutcome {
  readonly ok: boolean
  /** JSON text (or plain text) given back to the model as the tool_result; a text rendering of `parts` when set. */
  readonly content: string
  /** Text and image blocks, when the tool returned more than text (an MCP image, a screenshot). */
  readonly parts?: readonly ToolResultPart[]
  /** For the UI: the real tool name (differs from the called name behind `tool_call`). */
  readonly displayName: string
}

/**
 * What the chat engine needs from the tool layer (ToolsService implements it). The list for a
 * session is resolved once at session start, sorted by name, and frozen.
 */
export interface ToolCatalog {
  /**
   * The tools a new session of this agent gets (sorted by name; bridge tools when deferred).
   * With `cwd`, the servers of that folder's `.mcp.json` the user allowed are included; `offer`
   * asks the user about a file not yet decided on (only when a session starts).
   */
  sessionTools(agentId: AgentId, options?: SessionToolsOptions): Promise<readonly ToolDefinition[]>
  /** Runs a call; never throws — failures come back as `{ ok: false, content: '{"error": …}' }`. */
  dispatch(
    tools: readonly ToolDefinition[],
    name: string,
    input: unknown,
    context: ToolContext
  ): Promise<ToolOutcome>
}

export interface SessionToolsOptions {
  readonly cwd?: string | null
  readonly offer?: boolean
}

/** What the user is asked before a gated tool runs (see `ConfirmationPort`). */
export interface ConfirmationRequest {
  /** What is asked: a gated tool call (the default) or a project's `.mcp.json` servers. */
  readonly kind?: 'tool' | 'projectServers'
  readonly agentId: AgentId
  /** Null when no session exists yet (a project folder's servers are asked about before it starts). */
  readonly sessionId: SessionId | null
  /** The real tool about to run, e.g. `memory` or `nexus_post`. */
  readonly toolName: string
  readonly input: Readonly<Record<string, unknown>>
  /** One sentence for the user: why they are asked. */
  readonly reason: string
  /** The untrusted MCP servers whose tools are in this session. */
  readonly untrustedServers: readonly string[]
}

/**
 * Asks the user to allow one gated tool call (a memory write or a Nexus post while tools from
 * an untrusted MCP server are in the session, since such a server's output may be steering the
 * model). The UI shows a prompt; the CLI denies unless `--yes`. Resolves false on no answer.
 */
export interface ConfirmationPort {
  ask(request: ConfirmationRequest): Promise<boolean>
}
