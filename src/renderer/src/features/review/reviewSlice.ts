import type { Fact, MemoryReceipt, MemoryRecalled, MemoryTarget, MemoryUsage } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/**
 * The review inbox and the memory signals the chat shows: pending candidates (all agents),
 * approved facts (merge targets), the keyboard cursor and selection, what each turn recalled,
 * and per session the memory-write receipts.
 */
export interface ReviewSlice {
  readonly reviewCandidates: readonly Fact[]
  readonly reviewApproved: readonly Fact[]
  readonly reviewPendingCount: number
  readonly reviewCursor: number
  readonly reviewSelected: readonly number[]
  readonly reviewEditing: number | null
  readonly reviewMerging: number | null
  readonly reviewError: string | null
  readonly reviewLoaded: boolean
  /** What recall found, by turn id: pushed live by `memory.recalled`, loaded per session from the core's recall log. */
  readonly recalledByTurn: Readonly<Record<string, MemoryRecalled>>
  readonly receiptsBySession: Readonly<Record<string, readonly MemoryReceipt[]>>
  /** Usage of MEMORY.md / USER.md by `${agentId}:${target}` (USER.md is shared: any agent id). */
  readonly memoryUsage: Readonly<Record<string, MemoryUsage>>
  readonly loadMemoryUsage: (agentId: string, target: MemoryTarget) => Promise<void>
  readonly loadReview: () => Promise<void>
  readonly loadReviewCount: () => Promise<void>
  readonly moveReviewCursor: (delta: number) => void
  readonly setReviewCursor: (index: number) => void
  readonly toggleReviewSelected: (id: number) => void
  readonly setReviewEditing: (id: number | null) => void
  readonly setReviewMerging: (id: number | null) => void
  readonly approveCandidates: (ids: readonly number[], text?: string) => Promise<ActionResult>
  readonly rejectCandidates: (ids: readonly number[]) => Promise<ActionResult>
  readonly mergeCandidate: (id: number, intoId: number, text: string) => Promise<ActionResult>
  readonly flagFactWrong: (id: number) => Promise<ActionResult>
  readonly suppressFact: (id: number) => Promise<ActionResult>
  readonly pinFact: (id: number, to: 'memory' | 'user' | 'file') => Promise<ActionResult<string>>
  readonly loadSessionReceipts: (sessionId: string) => Promise<void>
  /** Brings back the "recalled this turn" chips of a session's past turns (after a reload, or from another host). */
  readonly loadSessionRecalls: (sessionId: string) => Promise<void>
  readonly receiveReviewChanged: () => void
  readonly receiveMemoryWritten: (receipt: MemoryReceipt) => void
  readonly receiveMemoryRecalled: (recalled: MemoryRecalled) => void
}

type Set = (patch: Partial<ReviewSlice> | ((state: AppState) => Partial<ReviewSlice>)) => void

/** Runs one action for each id in order; the first failure stops and is reported. */
async function eachId(ids: readonly number[], act: (id: number) => Promise<unknown>): Promise<ActionResult> {
  try {
    for (const id of ids) await act(id)
    return { ok: true, value: undefined }
  } catch (error) {
    return { ok: false, message: errorMessage(error) }
  }
}

function afterDecision(set: Set, decided: readonly number[]): void {
  set((state) => {
    const remaining = state.reviewCandidates.filter((c) => !decided.includes(c.id))
    return {
      reviewCandidates: remaining,
      reviewPendingCount: Math.max(0, state.reviewPendingCount - (state.reviewCandidates.length - remaining.length)),
      reviewSelected: state.reviewSelected.filter((id) => !decided.includes(id)),
      reviewCursor: Math.min(state.reviewCursor, Math.max(0, remaining.length - 1)),
      reviewEditing: null,
      reviewMerging: null
    }
  })
}

export function createReviewSlice(api: ApiClient): SliceCreator<ReviewSlice> {
  const refresh = async (set: Set): Promise<void> => {
    const [pending, approved, counts] = await Promise.all([
      api.call('review.list', { status: 'pending' }),
      api.call('review.list', { status: 'approved' }),
      api.call('review.counts', {})
    ])
    set((state) => ({
      reviewCandidates: pending.candidates,
      reviewApproved: approved.candidates,
      reviewPendingCount: counts.pending,
      reviewCursor: Math.min(state.reviewCursor, Math.max(0, pending.candidates.length - 1)),
      reviewError: null,
      reviewLoaded: true
    }))
  }
  const decide = async (set: Set, ids: readonly number[], act: (id: number) => Promise<unknown>): Promise<ActionResult> => {
    const result = await eachId(ids, act)
    afterDecision(set, result.ok ? ids : [])
    await refresh(set).catch(() => undefined)
    return result
  }
  return (set, get) => ({
    reviewCandidates: [],
    reviewApproved: [],
    reviewPendingCount: 0,
    reviewCursor: 0,
    reviewSelected: [],
    reviewEditing: null,
    reviewMerging: null,
    reviewError: null,
    reviewLoaded: false,
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
    async loadReview() {
      try {
        await refresh(set)
      } catch (error) {
        set({ reviewError: errorMessage(error), reviewLoaded: true })
      }
    },
    async loadReviewCount() {
      try {
        set({ reviewPendingCount: (await api.call('review.counts', {})).pending })
      } catch {
        // The badge is a hint; the inbox itself reports failures when opened.
      }
    },
    moveReviewCursor(delta) {
      const count = get().reviewCandidates.length
      set({ reviewCursor: count === 0 ? 0 : Math.min(count - 1, Math.max(0, get().reviewCursor + delta)) })
    },
    setReviewCursor(index) {
      set({ reviewCursor: index })
    },
    toggleReviewSelected(id) {
      const selected = get().reviewSelected
      set({ reviewSelected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] })
    },
    setReviewEditing(id) {
      set({ reviewEditing: id, reviewMerging: null })
    },
    setReviewMerging(id) {
      set({ reviewMerging: id, reviewEditing: null })
    },
    approveCandidates: (ids, text) => decide(set, ids, (id) => api.call('review.approve', text === undefined ? { id } : { id, text })),
    rejectCandidates: (ids) => decide(set, ids, (id) => api.call('review.reject', { id })),
    mergeCandidate: (id, intoId, text) => decide(set, [id], () => api.call('review.merge', { id, intoId, text })),
    flagFactWrong: (id) => decide(set, [], () => api.call('review.flagWrong', { id })),
    suppressFact: (id) => decide(set, [], () => api.call('review.suppress', { id, suppressed: true })),
    async pinFact(id, to) {
      try {
        const outcome = await api.call('memory.pin', { factId: id, to })
        return outcome.success ? { ok: true, value: outcome.message } : { ok: false, message: outcome.message }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async loadSessionReceipts(sessionId) {
      try {
        const { receipts } = await api.call('memory.receipts', { sessionId })
        set((state) => ({ receiptsBySession: { ...state.receiptsBySession, [sessionId]: mergeReceipts(state.receiptsBySession[sessionId] ?? [], receipts) } }))
      } catch (error) {
        set({ reviewError: errorMessage(error) })
      }
    },
    async loadSessionRecalls(sessionId) {
      try {
        const { recalls } = await api.call('memory.recallsForSession', { sessionId })
        // A live event is at least as new as the log (and may clear a turn's chip), so it wins.
        set((state) => ({ recalledByTurn: { ...Object.fromEntries(recalls.map((recalled) => [recalled.turnId, recalled])), ...state.recalledByTurn } }))
      } catch (error) {
        set({ reviewError: errorMessage(error) })
      }
    },
    receiveReviewChanged() {
      if (get().reviewLoaded) void get().loadReview()
      else void get().loadReviewCount()
    },
    receiveMemoryWritten(receipt) {
      set((state) => ({ memoryUsage: { ...state.memoryUsage, [usageKey(receipt.agentId, receipt.target)]: receipt.usage } }))
      if (receipt.sessionId === null) return
      const sessionId = receipt.sessionId
      set((state) => ({ receiptsBySession: { ...state.receiptsBySession, [sessionId]: mergeReceipts(state.receiptsBySession[sessionId] ?? [], [receipt]) } }))
    },
    receiveMemoryRecalled(recalled) {
      set((state) => ({ recalledByTurn: { ...state.recalledByTurn, [recalled.turnId]: recalled } }))
    }
  })
}

export function usageKey(agentId: string, target: MemoryTarget): string {
  return target === 'user' ? 'user' : `${agentId}:memory`
}

/**
 * Receipts by id, oldest first. A live `memory.written` and a `memory.receipts` load can both
 * bring the same receipt (the load may answer after the event), so neither may duplicate or drop one.
 */
function mergeReceipts(known: readonly MemoryReceipt[], incoming: readonly MemoryReceipt[]): readonly MemoryReceipt[] {
  const byId = new Map(known.map((receipt) => [receipt.id, receipt]))
  for (const receipt of incoming) byId.set(receipt.id, receipt)
  return [...byId.values()].sort((a, b) => a.atMs - b.atMs || a.id - b.id)
}

export const selectReviewPendingCount = (state: AppState): number => state.reviewPendingCount

/** Candidates grouped by session (null = no session), keeping list order. */
export function groupBySession(candidates: readonly Fact[]): { sessionId: string | null; items: { fact: Fact; index: number }[] }[] {
  const groups: { sessionId: string | null; items: { fact: Fact; index: number }[] }[] = []
  candidates.forEach((fact, index) => {
    const group = groups.find((g) => g.sessionId === fact.sessionId)
    if (group) group.items.push({ fact, index })
    else groups.push({ sessionId: fact.sessionId, items: [{ fact, index }] })
  })
  return groups
}
