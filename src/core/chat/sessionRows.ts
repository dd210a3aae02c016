import type {
  CallUsage,
  ContentBlock,
  MessageKind,
  MessageRole,
  MessageStatus,
  PromptReport,
  SessionRecord,
  StoredMessage,
  ToolParam
} from './chatTypes'
import type { TitleSource } from '../../shared/contract'
import { toolResultText } from '../../shared/util/toolResultText'

/** Row shapes as better-sqlite3 returns them; `fromRow` functions are the only snake/camel meeting point. */
export interface SessionRow {
  id: string
  agent_id: string
  cwd: string | null
  model: string
  provider: string
  platform: string
  system_prompt: string
  prompt_version: number
  prompt_report: string
  tools: string
  tools_hash: string
  title: string
  title_source: string
  pinned_at: number | null
  deleted_at: number | null
  started_at: number
  updated_at: number
  ended_at: number | null
  input_tokens: number
  output_tokens: number
  cache_write_tokens: number
  cache_read_tokens: number
  cost_usd: number
  saved_usd: number
}

export interface MessageRow {
  id: number
  session_id: string
  turn_id: string
  role: string
  kind: string
  content: string
  status: string
  error: string | null
  in_context: number
  usage: string | null
  created_at: number
}

export function sessionFromRow(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    agentId: row.agent_id,
    cwd: row.cwd,
    model: row.model,
    provider: row.provider,
    platform: row.platform,
    systemPrompt: row.system_prompt,
    promptVersion: row.prompt_version,
    promptReport: JSON.parse(row.prompt_report) as PromptReport,
    tools: JSON.parse(row.tools) as ToolParam[],
    toolsHash: row.tools_hash,
    title: row.title,
    titleSource: row.title_source as TitleSource,
    pinnedAtMs: row.pinned_at,
    deletedAtMs: row.deleted_at,
    startedAtMs: row.started_at,
    updatedAtMs: row.updated_at,
    endedAtMs: row.ended_at,
    totals: {
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      cacheWriteTokens: row.cache_write_tokens,
      cacheReadTokens: row.cache_read_tokens,
      costUsd: row.cost_usd,
      savedUsd: row.saved_usd
    }
  }
}

export function messageFromRow(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    sessionId: row.session_id,
    turnId: row.turn_id,
    role: row.role as MessageRole,
    kind: row.kind as MessageKind,
    content: JSON.parse(row.content) as ContentBlock[],
    status: row.status as MessageStatus,
    error: row.error,
    inContext: row.in_context === 1,
    usage: row.usage === null ? null : (JSON.parse(row.usage) as CallUsage),
    createdAtMs: row.created_at
  }
}

/** The text the FTS tables index: message text, tool names with their input, and tool results. */
export function searchTextOf(content: readonly ContentBlock[]): string {
  const parts: string[] = []
  for (const block of content) {
    if (block.type === 'text') parts.push(block.text)
    else if (block.type === 'tool_use') parts.push(`${block.name} ${JSON.stringify(block.input)}`)
    else if (block.type === 'tool_result') parts.push(toolResultText(block.content))
    else parts.push(block.source.name)
  }
  return parts.join('\n')
}
