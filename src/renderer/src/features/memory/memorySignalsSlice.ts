import type {
  AgentId,
  FactStatus,
  MemoryRecalled,
  MemoryReceipt,
  MemoryTarget,
  MemoryUndone,
  MemoryUsage,
  SessionId
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import { failureState } from '../../store/connectionSlice'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/**
 * The memory signals the chat and Files show: what each turn recalled, the memory-write receipts
 * of each session (with Undo), and the budget usage of MEMORY.md / USER.md.
 */
export interface MemorySignalsSlice {
  /** What recall found, by turn id: pushed live by `memory.recalled`, loaded per session from the core's recall log. */
  readonly recalledByTurn: Readonly<Record<string, MemoryRecalled>>
  readonly receiptsBySession: Readonly<Record<string, readonly MemoryReceipt[]>>
  /** Usage of MEMORY.md / USER.md by `${agentId}:${target}` (USER.md is shared: any agent id). */
  readonly memoryUsage: Readonly<Record<string, MemoryUsage>>
  readonly loadMemoryUsage: (agentId: AgentId, target: MemoryTarget) => Promise<void>
  readonly loadSessionReceipts: (sessionId: SessionId) => Promise<void>
  /** Brings back the "recalled this turn" chips of a session's past turns (after a reload, or from another host). */
  readonly loadSessionRecalls: (sessionId: SessionId) => Promise<void>
  /** Puts the file back as it was before the receipt's write; the message says what happened or why not. */
  readonly undoMemoryWrite: (receiptId: number) => Promise<ActionResult<string>>
  readonly receiveMemoryWritten: (receipt: MemoryReceipt) => void
  readonly receiveMemoryUndone: (undone: MemoryUndone) => void
  readonly receiveMemoryRecalled: (recalled: MemoryRecalled) => void
  /** What became of each memory write the agent proposed ("ask me first"), by candidate id. */
  readonly pendingWriteStatus: Readonly<Record<number, FactStatus>>
  readonly loadPendingWriteStatus: (candidateId: number) => Promise<void>
  /** After any decision in Review: the proposed writes shown in chat are read again. */
  readonly receivePendingWritesChanged: () => void
}

type Set = (patch: Partial<MemorySignalsSlice> | ((state: AppState) => Partial<MemorySignalsSlice>)) => void

/** Records a receipt (new or updated) under its session and the usage it left. */
function withReceipt(set: Set, receipt: MemoryReceipt, usage: MemoryUsage): void {
  set((state) => ({
    memoryUsage: { ...state.memoryUsage, [usageKey(receipt.agentId, receipt.target)]: usage }
  }))
  if (receipt.sessionId === null) return
  const sessionId = receipt.sessionId
  set((state) => ({
    receiptsBySession: {
      ...state.receiptsBySession,
      [sessionId]: mergeReceipts(state.receiptsBySession[sessionId] ?? [], [receipt])
    }
  }))
}

export function createMemorySignalsSlice(api: ApiClient): SliceCreator<MemorySignalsSlice> {
  return (set, get) => ({
    pendingWriteStatus: {},
    async loadPendingWriteStatus(candidateId) {
      try {
        const { candidate } = await api.call('review.get', { id: candidateId })
        set((state) => ({
          pendingWriteStatus: { ...state.pendingWriteStatus, [candidateId]: candidate.status }
        }))
      } catch {
        // The note keeps saying "waiting" (what the tool answered); Review itself reports read failures.
      }
    },
    receivePendingWritesChanged() {
      for (const id of Object.keys(get().pendingWriteStatus)) void get().loadPendingWriteStatus(Number(id))
    },
    recalledByTurn: {},
    receiptsBySession: {},
    memoryUsage: {},
    async loadMemoryUsage(agentId, target) {
      try {
        const view = await api.call('memory.show', { agentId, target })
        set((state) => ({ memoryUsage: { ...state.memoryUsage, [usageKey(agentId, target)]: view.usage } }))
      } catch {
        // The meter is a hint beside the editor; the editor itself reports read failures.
      }
    },
    async loadSessionReceipts(sessionId) {
      try {
        const { receipts } = await api.call('memory.receipts', { sessionId })
        set((state) => ({
          receiptsBySession: {
            ...state.receiptsBySession,
            [sessionId]: mergeReceipts(state.receiptsBySession[sessionId] ?? [], receipts)
          }
        }))
      } catch (error) {
        set(failureState('Could not load the memory writes of this chat', error))
      }
    },
    async loadSessionRecalls(sessionId) {
      try {
        const { recalls } = await api.call('memory.recallsForSession', { sessionId })
        // A live event is at least as new as the log (and may clear a turn's chip), so it wins.
        set((state) => ({
          recalledByTurn: {
            ...Object.fromEntries(recalls.map((recalled) => [recalled.turnId, recalled])),
            ...state.recalledByTurn
          }
        }))
      } catch (error) {
        set(failureState('Could not load what this chat recalled', error))
      }
    },
    async undoMemoryWrite(receiptId) {
      try {
        const undone = await api.call('memory.undo', { receiptId })
        withReceipt(set, undone.receipt, undone.usage)
        return { ok: true, value: undone.message }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    receiveMemoryWritten(receipt) {
      withReceipt(set, receipt, receipt.usage)
    },
    receiveMemoryUndone({ receipt, usage }) {
      withReceipt(set, receipt, usage)
    },
    receiveMemoryRecalled(recalled) {
      set((state) => ({ recalledByTurn: { ...state.recalledByTurn, [recalled.turnId]: recalled } }))
    }
  })
}

export function usageKey(agentId: AgentId, target: MemoryTarget): string {
  return target === 'user' ? 'user' : `${agentId}:memory`
}

/**
 * Receipts by id, oldest first. A live `memory.written` and a `memory.receipts` load can both
 * bring the same receipt (the load may answer after the event), so neither may duplicate or drop one.
 */
function mergeReceipts(
  known: readonly MemoryReceipt[],
  incoming: readonly MemoryReceipt[]
): readonly MemoryReceipt[] {
  const byId = new Map(known.map((receipt) => [receipt.id, receipt]))
  for (const receipt of incoming) byId.set(receipt.id, receipt)
  return [...byId.values()].sort((a, b) => a.atMs - b.atMs || a.id - b.id)
}
