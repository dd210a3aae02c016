import type { AgentId, SessionId, TurnId } from '../../../shared/contract'
import type { EventHub } from '../../events'
import type { ToolCatalog, ToolDefinition, ToolOutcome } from '../../tools/toolTypes'
import type { ContentBlock, ToolResultBlock, ToolUseBlock } from '../chatTypes'

export interface ToolCallSummary {
  readonly id: string
  readonly name: string
  readonly displayName: string
  readonly input: unknown
  readonly ok: boolean
  readonly content: string
}

export interface ToolStepContext {
  readonly agentId: AgentId
  readonly sessionId: SessionId
  readonly turnId: TurnId
  readonly signal: AbortSignal
}

/** Shown to the model when a session's frozen tool list names a tool the registry no longer has. */
function unavailable(name: string): ToolOutcome {
  return {
    ok: false,
    content: JSON.stringify({ error: `The tool "${name}" is not available in this session any more.` }),
    displayName: name
  }
}

/**
 * Runs the tool calls of one reply in order and returns the `tool_result` blocks for the next
 * user message. Each call is announced before and after on `chat.toolCall`, so the UI can
 * draw a card that fills in. Results are JSON text exactly as the tool produced it, or its
 * text and image blocks when it returned images.
 */
export async function runToolCalls(
  calls: readonly ToolUseBlock[],
  catalog: ToolCatalog | undefined,
  definitions: () => Promise<readonly ToolDefinition[]>,
  context: ToolStepContext,
  events: EventHub
): Promise<{ results: ContentBlock[]; summaries: ToolCallSummary[] }> {
  const results: ToolResultBlock[] = []
  const summaries: ToolCallSummary[] = []
  for (const call of calls) {
    const base = {
      sessionId: context.sessionId,
      turnId: context.turnId,
      toolUseId: call.id,
      name: call.name,
      input: call.input
    }
    events.emit('chat.toolCall', {
      ...base,
      phase: 'started',
      displayName: call.name,
      ok: null,
      result: null
    })
    const outcome = catalog
      ? await catalog.dispatch(await definitions(), call.name, call.input, {
          agentId: context.agentId,
          sessionId: context.sessionId,
          turnId: context.turnId,
          signal: context.signal
        })
      : unavailable(call.name)
    events.emit('chat.toolCall', {
      ...base,
      phase: 'finished',
      displayName: outcome.displayName,
      ok: outcome.ok,
      result: outcome.content.slice(0, 4000)
    })
    const content = outcome.parts ?? outcome.content
    results.push(
      outcome.ok
        ? { type: 'tool_result', tool_use_id: call.id, content }
        : { type: 'tool_result', tool_use_id: call.id, content, is_error: true }
    )
    summaries.push({
      id: call.id,
      name: call.name,
      displayName: outcome.displayName,
      input: call.input,
      ok: outcome.ok,
      content: outcome.content
    })
  }
  return { results, summaries }
}
