/**
 * Tools are data (issue #7 owns the registry). Built-in tools (memory, recall, session_search,
 * skill_view, nexus_post, nexus_read) and MCP tools all have this shape.
 */
export interface ToolContext {
  readonly agentId: string
  readonly sessionId: string
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
