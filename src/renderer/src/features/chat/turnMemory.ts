import type { MemoryReceipt, SessionDetail, TurnId } from '../../../../shared/contract'
import type { TurnGroup } from './turnGroups'

/** The memory signals one turn shows beside its messages (what it recalled is looked up by turn id). */
export interface TurnMemory {
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
 * The turn a receipt without a turn id belongs to (written before the core kept turn ids): the
 * core stamps messages and receipts with the same clock, so it is the last turn that started at
 * or before the receipt. One older than the first turn — impossible from the tool, but not from a
 * clock step — goes to the first turn rather than vanishing.
 */
function turnByTime(ordered: readonly { turnId: TurnId; start: number }[], atMs: number): string | null {
  if (ordered.length === 0) return null
  return ([...ordered].reverse().find((turn) => turn.start <= atMs) ?? ordered[0]!).turnId
}

/**
 * Places the session's memory receipts on its turns, by the turn id the core stored with each
 * receipt. A receipt may name a turn that is not in the stored transcript yet (the reply is still
 * streaming): it is kept under that id so the streaming turn can show it. Only receipts without
 * a turn id fall back to timestamps.
 */
export function placeTurnMemory(
  detail: SessionDetail,
  groups: readonly TurnGroup[],
  receipts: readonly MemoryReceipt[]
): Map<string, TurnMemory> {
  const starts = turnStarts(detail)
  const ordered = groups
    .map((group) => ({ turnId: group.turnId, start: starts.get(group.turnId) ?? 0 }))
    .sort((a, b) => a.start - b.start)
  const byTurn = new Map<string, MemoryReceipt[]>(groups.map((group) => [group.turnId, []]))
  for (const receipt of receipts) {
    if (receipt.sessionId !== detail.id) continue
    const owner = receipt.turnId ?? turnByTime(ordered, receipt.atMs)
    if (owner !== null) byTurn.set(owner, [...(byTurn.get(owner) ?? []), receipt])
  }
  return new Map(
    [...byTurn].map(([turnId, placed]) => [turnId, { receipts: placed.length === 0 ? NO_RECEIPTS : placed }])
  )
}

/** Everything the assistant said in the turn, for the "claimed but not saved" check. */
export function replyText(group: TurnGroup): string {
  return group.replies.map((reply) => reply.text).join('\n\n')
}
