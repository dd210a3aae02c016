import type { AgentId, SessionId, TurnId } from '../../shared/contract'
import { z } from 'zod'
import {
  MemoryOperation,
  MemoryTarget,
  type MemoryReceipt,
  type MemoryToolResult
} from '../../shared/contract/memory'
import type { ToolWrite } from '../../shared/contract/review'
import type { EventHub } from '../events'
import type { Clock } from '../ports/clock'
import { describeUsage } from './memoryEntries'
import type { MemoryFiles, MutationOutcome } from './memoryFiles'
import { MEMORY_TEXT } from './memoryMessages'
import {
  applyAdd,
  applyBatch,
  applyRemove,
  applyReplace,
  checkNewContent,
  scanBatch,
  shortUsage,
  type OperationOutcome,
  type ThreatScanner
} from './memoryOperations'
import type { MemoryJournal } from './memoryJournal'

/** The raw arguments of one memory call, as the model (or the CLI) sent them. */
export interface MemoryRequest {
  readonly action?: unknown
  readonly target?: unknown
  readonly content?: unknown
  readonly old_text?: unknown
  readonly operations?: unknown
}

export interface MemoryCallContext {
  readonly agentId: AgentId
  /** The chat session for agent calls; null for writes the user makes from the CLI or UI. */
  readonly sessionId: SessionId | null
  /** The chat turn of an agent call, so its receipt lands on that turn; absent for user writes. */
  readonly turnId?: TurnId | null
  readonly origin: MemoryReceipt['origin']
  /** A write the user already approved in Review ("ask me first"): it is made, not proposed again. */
  readonly approved?: boolean
}

export interface MemoryExecution {
  readonly result: MemoryToolResult
  readonly receipt: MemoryReceipt | null
}

export interface MemoryToolDeps {
  readonly files: MemoryFiles
  /** Makes each write and its receipt one recoverable step. */
  readonly journal: MemoryJournal
  readonly scan: ThreatScanner
  readonly events: EventHub
  readonly clock: Clock
  /** Null when memory can be used for this agent, else the reason it cannot. */
  readonly unavailableReason: (agentId: AgentId) => string | null
  /** True when the user wants to approve each of the agent's memory writes first (config `memory.agentWrites: "ask"`). */
  readonly askFirst: () => boolean
  /** Turns a checked agent write into a pending candidate and says so to the model. */
  readonly propose: (context: MemoryCallContext, write: ToolWrite) => MemoryToolResult
}

type Apply = (entries: readonly string[], limit: number) => OperationOutcome

/** Failures after which the tool tells the model to stop retrying for the rest of the turn. */
const FAILURE_CAP = 3

/**
 * The `memory` tool: add / replace / remove entries of MEMORY.md or USER.md, one at a time or as
 * an all-or-nothing batch. Writes change the files (the session's frozen prompt is untouched)
 * and each saved write produces a stored receipt and a `memory.written` event.
 */
export class MemoryTool {
  private readonly failures = new Map<string, number>()
  private readonly writes = new Map<string, number>()

  constructor(private readonly deps: MemoryToolDeps) {}

  /** Called at the start of every user turn: the failure cap and the write count start over. */
  beginTurn(sessionId: SessionId): void {
    this.failures.delete(sessionId)
    this.writes.delete(sessionId)
  }

  /** Saved writes in the session's current turn (for the "claimed but not saved" check). */
  writesThisTurn(sessionId: SessionId): number {
    return this.writes.get(sessionId) ?? 0
  }

  /** Asynchronous: a write may wait for another process's lock on the file without stopping the host. */
  async execute(request: MemoryRequest, context: MemoryCallContext): Promise<MemoryExecution> {
    const unavailable = this.deps.unavailableReason(context.agentId)
    if (unavailable) return refusal(MEMORY_TEXT.unavailable(unavailable))
    const rawTarget = request.target ?? 'memory'
    const target = MemoryTarget.safeParse(rawTarget)
    if (!target.success) return refusal(MEMORY_TEXT.badTarget(String(rawTarget)))
    if (request.operations !== undefined && request.operations !== null && request.operations !== '') {
      return this.batch(request.operations, target.data, context)
    }
    return this.single(request, target.data, context)
  }

  private async single(
    request: MemoryRequest,
    target: MemoryTarget,
    context: MemoryCallContext
  ): Promise<MemoryExecution> {
    const action = typeof request.action === 'string' ? request.action : ''
    const content = typeof request.content === 'string' ? request.content : ''
    const oldText = typeof request.old_text === 'string' ? request.old_text : ''
    switch (action) {
      case 'add': {
        if (!content) return refusal(MEMORY_TEXT.addNeedsContent)
        const blocked = content.trim() === '' ? null : checkNewContent(content.trim(), this.deps.scan)
        if (blocked) return refusal(blocked)
        return this.commit(target, context, (entries, limit) => applyAdd(entries, content, limit), [
          { action: 'add', content }
        ])
      }
      case 'replace':
      case 'remove': {
        if (!oldText) return this.missingOldText(action, target, context.agentId)
        if (action === 'remove')
          return this.commit(target, context, (entries) => applyRemove(entries, oldText), [
            { action: 'remove', old_text: oldText }
          ])
        if (!content) return refusal(MEMORY_TEXT.replaceNeedsContent)
        if (oldText.trim() === '') return refusal(MEMORY_TEXT.emptyOldText)
        if (content.trim() === '') return refusal(MEMORY_TEXT.emptyNewContent)
        const blocked = checkNewContent(content.trim(), this.deps.scan)
        if (blocked) return refusal(blocked)
        return this.commit(
          target,
          context,
          (entries, limit) => applyReplace(entries, oldText, content, limit),
          [{ action: 'replace', old_text: oldText, content }]
        )
      }
      default:
        return refusal(MEMORY_TEXT.unknownAction(action))
    }
  }

  private async batch(
    raw: unknown,
    target: MemoryTarget,
    context: MemoryCallContext
  ): Promise<MemoryExecution> {
    const parsed = z.array(MemoryOperation).safeParse(raw)
    if (!parsed.success) return refusal(MEMORY_TEXT.operationsNotList)
    if (parsed.data.length === 0) return refusal(MEMORY_TEXT.operationsEmpty)
    const blocked = scanBatch(parsed.data, this.deps.scan)
    if (blocked) return refusal(blocked)
    const operations = parsed.data.map((operation) => ({
      ...operation,
      action: operation.action as ToolWrite['operations'][number]['action']
    }))
    return this.commit(
      target,
      context,
      (entries, limit) => applyBatch(entries, parsed.data, limit),
      operations
    )
  }

  private missingOldText(action: string, target: MemoryTarget, agentId: AgentId): MemoryExecution {
    const snapshot = this.deps.files.read(agentId, target)
    return {
      result: {
        success: false,
        error: MEMORY_TEXT.needsOldText(action),
        current_entries: [...snapshot.entries],
        usage: shortUsage(snapshot.entries, snapshot.limit)
      },
      receipt: null
    }
  }

  /** Runs the operation under the file lock and turns its outcome into the tool result. */
  private async commit(
    target: MemoryTarget,
    context: MemoryCallContext,
    apply: Apply,
    operations: ToolWrite['operations']
  ): Promise<MemoryExecution> {
    if (context.origin === 'tool' && context.approved !== true && this.deps.askFirst())
      return this.proposeInstead(target, context, apply, operations)
    const outcome: MutationOutcome = await this.deps.files.mutate(context.agentId, target, apply, {
      journal: this.deps.journal,
      receiptFor: (done, path) => ({
        agentId: context.agentId,
        sessionId: context.sessionId,
        turnId: context.turnId ?? null,
        target,
        path,
        changes: [...done.changes],
        usage: describeUsage(done.entries, this.deps.files.limit(target)),
        origin: context.origin,
        atMs: this.deps.clock.now()
      })
    })
    if (outcome.ok) return this.succeed(target, context, outcome)
    if (outcome.drift) {
      return {
        result: {
          success: false,
          error: outcome.error,
          drift_backup: outcome.backup,
          remediation: outcome.remediation
        },
        receipt: null
      }
    }
    return this.refuse(target, context, outcome)
  }

  /**
   * "Ask me first": the write is checked against the file as it is now (so the model hears at
   * once about a missing match or a full budget) but not made; it waits in Review instead.
   */
  private proposeInstead(
    target: MemoryTarget,
    context: MemoryCallContext,
    apply: Apply,
    operations: ToolWrite['operations']
  ): MemoryExecution {
    const snapshot = this.deps.files.read(context.agentId, target)
    const outcome = apply(snapshot.entries, snapshot.limit)
    if (!outcome.ok) return this.refuse(target, context, outcome)
    if (outcome.changes.length === 0)
      return { result: { success: true, done: true, target, message: outcome.message }, receipt: null }
    return {
      result: this.deps.propose(context, { target, operations, changes: [...outcome.changes] }),
      receipt: null
    }
  }

  private refuse(
    target: MemoryTarget,
    context: MemoryCallContext,
    outcome: Extract<OperationOutcome, { ok: false }>
  ): MemoryExecution {
    if (outcome.counted && context.origin === 'tool' && context.sessionId !== null) {
      const count = (this.failures.get(context.sessionId) ?? 0) + 1
      this.failures.set(context.sessionId, count)
      if (count > FAILURE_CAP)
        return { result: { success: false, done: true, error: MEMORY_TEXT.failureCap(count) }, receipt: null }
    }
    const result: MemoryToolResult = { success: false, error: outcome.error }
    if (outcome.matches) result.matches = [...outcome.matches]
    if (outcome.withEntries) {
      const snapshot = this.deps.files.read(context.agentId, target)
      result.current_entries = [...snapshot.entries]
      result.usage = shortUsage(snapshot.entries, snapshot.limit)
    }
    return { result, receipt: null }
  }

  private succeed(
    target: MemoryTarget,
    context: MemoryCallContext,
    outcome: Extract<MutationOutcome, { ok: true }>
  ): MemoryExecution {
    const limit = this.deps.files.limit(target)
    const usage = describeUsage(outcome.entries, limit)
    if (context.sessionId !== null) this.failures.delete(context.sessionId)
    const receipt = outcome.receipt ?? null
    if (receipt !== null) {
      if (context.sessionId !== null)
        this.writes.set(context.sessionId, this.writesThisTurn(context.sessionId) + 1)
      this.deps.events.emit('memory.written', receipt)
    }
    const result: MemoryToolResult = {
      success: true,
      done: true,
      target,
      usage: usage.text,
      entry_count: usage.entryCount,
      message: outcome.message,
      note: MEMORY_TEXT.savedNote
    }
    return { result, receipt }
  }
}

function refusal(error: string): MemoryExecution {
  return { result: { success: false, error }, receipt: null }
}
