import type { MemoryToolResult } from '../../shared/contract/memory'
import type { Fact, ToolWrite } from '../../shared/contract/review'
import { conflict, invalidInput } from '../errors'
import type { EventHub } from '../events'
import type { FactStore } from './factStore'
import { MEMORY_TEXT } from './memoryMessages'
import type { MemoryCallContext, MemoryExecution } from './memoryTool'

/** Runs a memory request through the memory tool (bound by the memory service). */
export type RunMemoryTool = (
  request: Record<string, unknown>,
  context: MemoryCallContext
) => Promise<MemoryExecution>

/** One line per change, as a person reads it in Review. */
export function describeToolWrite(write: ToolWrite): string {
  return write.changes
    .map((change) => {
      if (change.action === 'remove') return `Remove: ${change.before ?? ''}`
      if (change.action === 'replace') return `${change.after ?? ''} (instead of: ${change.before ?? ''})`
      return change.after ?? ''
    })
    .join('\n')
}

/**
 * "Ask me first": each memory-tool write of the agent becomes a pending candidate (origin
 * `tool`) holding the write itself; approving it makes the write through the memory tool's own
 * rules (budget, scan, drift guard), with a receipt on the chat it came from.
 */
export class ToolWrites {
  constructor(
    private readonly facts: FactStore,
    private readonly events: EventHub,
    private readonly run: RunMemoryTool
  ) {}

  propose(context: MemoryCallContext, write: ToolWrite): MemoryToolResult {
    const fact = this.facts.insert(
      {
        agentId: context.agentId,
        status: 'pending',
        type: write.target === 'user' ? 'user_fact' : 'project_fact',
        speaker: 'agent',
        text: describeToolWrite(write),
        entities: [],
        quote: '',
        sessionId: context.sessionId,
        messageId: null,
        scanFindings: [],
        mergeTargetId: null,
        mergeKind: null,
        origin: 'tool',
        toolWrite: write
      },
      { turn: context.turnId ?? null }
    )
    this.events.emit('review.changed', {
      agentId: fact.agentId,
      pending: this.facts.pendingCounts()[fact.agentId] ?? 0
    })
    return {
      success: true,
      done: true,
      pending_approval: true,
      candidate_id: fact.id,
      target: write.target,
      message: MEMORY_TEXT.awaitingApproval(fact.id)
    }
  }

  /**
   * The write to make for an approved candidate: as asked, or with the user's edited text for a
   * single add or replace (a remove or a batch has no one text to edit).
   */
  edited(fact: Fact, text: string | undefined): ToolWrite {
    const write = fact.toolWrite as ToolWrite
    if (text === undefined || text === fact.text) return write
    const only = write.operations.length === 1 ? write.operations[0] : undefined
    if (only === undefined || only.action === 'remove') {
      throw invalidInput(
        `Candidate ${fact.id} is a memory write that ${only ? 'removes an entry' : 'has several steps'}; approve or reject it as it is.`
      )
    }
    return {
      ...write,
      operations: [{ ...only, content: text }],
      changes: write.changes.map((change) => ({ ...change, after: text }))
    }
  }

  /** Makes the write; throws a conflict naming the tool's reason when the file no longer allows it. */
  async apply(fact: Fact, write: ToolWrite): Promise<void> {
    const context: MemoryCallContext = {
      agentId: fact.agentId,
      sessionId: fact.sessionId,
      origin: 'tool',
      approved: true
    }
    const [only, ...more] = write.operations
    const request =
      only !== undefined && more.length === 0
        ? { target: write.target, ...only }
        : { target: write.target, operations: write.operations }
    const { result } = await this.run(request, context)
    if (!result.success) {
      throw conflict(
        `The memory write of candidate ${fact.id} could not be made: ${firstSentence(result.error ?? 'it was refused.')} The candidate is still waiting.`
      )
    }
  }
}

/** The tool's refusals end with advice for the model; the user needs the reason only. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/)
  return end === -1 ? text : text.slice(0, end + 1)
}
