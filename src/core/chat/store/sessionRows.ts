import { ImportSource, MessageKind, MessageRole, MessageStatus, TitleSource } from '../../../shared/contract'
import type { RowReader } from '../../node/db/rowReader'
import type {
  CallUsage,
  ContentBlock,
  PromptReport,
  SessionRecord,
  StoredMessage,
  ToolParam
} from '../chatTypes'
import { toolResultText } from '../../../shared/util/toolResultText'

/**
 * The checked readers of chat's rows: the only place where snake_case columns meet camelCase
 * records, and where a stored value outside the contract's enum fails with its table and column.
 */
export function sessionFromRow(row: RowReader): SessionRecord {
  return {
    id: row.sessionId('id'),
    agentId: row.agentId('agent_id'),
    cwd: row.textOrNull('cwd'),
    model: row.text('model'),
    provider: row.text('provider'),
    platform: row.text('platform'),
    systemPrompt: row.text('system_prompt'),
    promptVersion: row.int('prompt_version'),
    promptReport: row.json('prompt_report') as PromptReport,
    tools: row.json('tools') as ToolParam[],
    toolsHash: row.text('tools_hash'),
    title: row.text('title'),
    titleSource: row.oneOf('title_source', TitleSource.options),
    pinnedAtMs: row.intOrNull('pinned_at'),
    deletedAtMs: row.intOrNull('deleted_at'),
    startedAtMs: row.int('started_at'),
    updatedAtMs: row.int('updated_at'),
    endedAtMs: row.intOrNull('ended_at'),
    importedFrom: row.oneOfOrNull('import_source', ImportSource.options),
    importId: row.textOrNull('import_id'),
    totals: {
      inputTokens: row.int('input_tokens'),
      outputTokens: row.int('output_tokens'),
      cacheWriteTokens: row.int('cache_write_tokens'),
      cacheReadTokens: row.int('cache_read_tokens'),
      costUsd: row.real('cost_usd'),
      savedUsd: row.real('saved_usd')
    }
  }
}

export function messageFromRow(row: RowReader): StoredMessage {
  const usage = row.textOrNull('usage')
  return {
    id: row.messageId('id'),
    sessionId: row.sessionId('session_id'),
    turnId: row.turnId('turn_id'),
    role: row.oneOf('role', MessageRole.options),
    kind: row.oneOf('kind', MessageKind.options),
    content: row.json('content') as ContentBlock[],
    status: row.oneOf('status', MessageStatus.options),
    error: row.textOrNull('error'),
    inContext: row.flag('in_context'),
    usage: usage === null ? null : (row.json('usage') as CallUsage),
    createdAtMs: row.int('created_at')
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
