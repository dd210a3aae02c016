import type { MemoryReceipt, SessionDetail } from '../../../../shared/contract'
import type { TurnGroup } from './turnGroups'

/** The memory signals one turn shows beside its messages. */
export interface TurnMemory {
  /** The 0-based user turn, as `memory.recalled` counts it (null: the turn has no user message). */
  readonly turnIndex: number | null
  readonly receipts: readonly MemoryReceipt[]
}

const NO_RECEIPTS: readonly MemoryReceipt[] = []

/** When each turn started: the time of its first stored message (the user's, stored before any model call). */
function turnStarts(detail: SessionDetail): Map<string, number> {
  const starts = new Map<string, number>()
  for (const message of detail.messages) {
    const known = starts.get(message.turnId)
    if (known === undefined || message.createdAtMs < known) starts.set(message.turnId, message.createdAtMs)
  }
  return starts
}

/**
 * Places the session's memory receipts and recall index on its turns. Receipts carry a session
 * id and a time but no turn id, and the core stamps both with the same clock, so a receipt
 * belongs to the last turn that started at or before it (one written before the first turn —
 * impossible from the tool, but not from a clock step — goes to the first turn rather than
 * vanishing). The recall index counts turns that have a user message, like the chat engine.
 */
export function placeTurnMemory(detail: SessionDetail, groups: readonly TurnGroup[], receipts: readonly MemoryReceipt[]): Map<string, TurnMemory> {
  const starts = turnStarts(detail)
  const ordered = groups.map((group) => ({ turnId: group.turnId, start: starts.get(group.turnId) ?? 0 })).sort((a, b) => a.start - b.start)
  const byTurn = new Map<string, MemoryReceipt[]>()
  for (const receipt of receipts) {
    if (receipt.sessionId !== detail.id || ordered.length === 0) continue
    const owner = [...ordered].reverse().find((turn) => turn.start <= receipt.atMs) ?? ordered[0]!
    byTurn.set(owner.turnId, [...(byTurn.get(owner.turnId) ?? []), receipt])
  }
  let userTurns = 0
  const placed = new Map<string, TurnMemory>()
  for (const group of groups) {
    const turnIndex = group.userMessageId === null ? null : userTurns++
    placed.set(group.turnId, { turnIndex, receipts: byTurn.get(group.turnId) ?? NO_RECEIPTS })
  }
  return placed
}

/** The recall index the streaming turn will get when it is not stored yet: one past the stored user turns. */
export function nextTurnIndex(groups: readonly TurnGroup[]): number {
  return groups.filter((group) => group.userMessageId !== null).length
}

/** Everything the assistant said in the turn, for the "claimed but not saved" check. */
export function replyText(group: TurnGroup): string {
  return group.replies.map((reply) => reply.text).join('\n\n')
}
