import type {
  AgentId,
  CacheTtl,
  ImportSource,
  MessageId,
  MessageKind,
  MessageRole,
  MessageStatus,
  SessionId,
  TitleSource,
  TurnId
} from '../../shared/contract'
import type { BuiltPrompt } from '../ports/promptBuilder'
import type { ToolResultPart } from '../tools/toolTypes'

export type {
  CacheTtl,
  CallPurpose,
  CallStatus,
  MessageKind,
  MessageRole,
  MessageStatus,
  MissReason,
  TurnOrigin
} from '../../shared/contract'

/** Content blocks as the Messages API takes them; stored and re-sent exactly in this shape. */
export interface TextBlock {
  readonly type: 'text'
  readonly text: string
}
export interface ToolUseBlock {
  readonly type: 'tool_use'
  readonly id: string
  readonly name: string
  readonly input: unknown
}
export interface ToolResultBlock {
  readonly type: 'tool_result'
  readonly tool_use_id: string
  /** Plain text, or text and image blocks when the tool returned images (MCP). */
  readonly content: string | readonly ToolResultPart[]
  readonly is_error?: boolean
}
/**
 * An image, PDF or text file as stored: a reference to the file kept once under the home by
 * its hash. It becomes a base64 (or plain-text) block only when a request is sent, so the
 * transcript stays small and a resumed session sends the same bytes (and hits the cache)
 * wherever it runs.
 */
export interface AttachmentBlock {
  readonly type: 'image' | 'document'
  readonly source: {
    readonly type: 'attachment'
    readonly id: string
    readonly media_type: string
    readonly name: string
    readonly bytes: number
  }
}
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | AttachmentBlock

export interface StoredMessage {
  readonly id: MessageId
  readonly sessionId: SessionId
  readonly turnId: TurnId
  readonly role: MessageRole
  readonly kind: MessageKind
  readonly content: readonly ContentBlock[]
  readonly status: MessageStatus
  readonly error: string | null
  readonly inContext: boolean
  readonly usage: CallUsage | null
  readonly createdAtMs: number
}

/** The usage fields of one API call, as reported (never summed across start/delta events). */
export interface CallUsage {
  readonly input_tokens: number
  readonly output_tokens: number
  readonly cache_creation_input_tokens: number
  readonly cache_read_input_tokens: number
  readonly cache_write_5m: number
  readonly cache_write_1h: number
}

export const ZERO_USAGE: CallUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_write_5m: 0,
  cache_write_1h: 0
}

/** What the assembler reported about the frozen prompt, kept beside its bytes. */
export type PromptReport = Omit<BuiltPrompt, 'text'>

/** A tool as sent in `tools` (the handler stays in the catalog). */
export interface ToolParam {
  readonly name: string
  readonly description: string
  readonly input_schema: Readonly<Record<string, unknown>>
}

export interface SessionRecord {
  readonly id: SessionId
  readonly agentId: AgentId
  readonly cwd: string | null
  readonly model: string
  readonly provider: string
  readonly platform: string
  readonly systemPrompt: string
  readonly promptVersion: number
  readonly promptReport: PromptReport
  readonly tools: readonly ToolParam[]
  readonly toolsHash: string
  readonly title: string
  readonly titleSource: TitleSource
  readonly pinnedAtMs: number | null
  readonly deletedAtMs: number | null
  readonly startedAtMs: number
  readonly updatedAtMs: number
  readonly endedAtMs: number | null
  /** The runtime an imported chat came from (its times are the original ones); null for a chat held here. */
  readonly importedFrom: ImportSource | null
  /** The import that brought it in; null for a chat held here. */
  readonly importId: string | null
  readonly totals: SessionTotals
}

export interface SessionTotals {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly cacheWriteTokens: number
  readonly cacheReadTokens: number
  readonly costUsd: number
  readonly savedUsd: number
}

/** One cache breakpoint of a request: where it sat and the hash of the prefix ending there. */
export interface BreakpointMark {
  readonly kind: 'tools' | 'stable' | 'system' | 'previous' | 'newest'
  /** Index in the flat block list (tools, then system, then message blocks). */
  readonly position: number
  readonly hash: string
  /** Our estimate of the prefix size up to and including this block. */
  readonly estimatedTokens: number
  /** The marker's TTL (absent on calls recorded before markers carried their own). */
  readonly ttl?: CacheTtl
  /** For message breakpoints: index of the message in the request and of the block in it. */
  readonly messageIndex?: number
  readonly blockIndex?: number
}

/** Fingerprints of one request, stored per call so the next call (any process) can explain a miss. */
export interface RequestSections {
  readonly model: string
  readonly toolsHash: string
  readonly systemHash: string
  readonly promptVersion: number
  readonly breakpoints: readonly BreakpointMark[]
  readonly estimatedTotalTokens: number
}
