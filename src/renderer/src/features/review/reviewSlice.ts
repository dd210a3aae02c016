import type { AgentId, Fact, PinDestination, ReviewCursor } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import { FACT_PAGE_MAX } from '../../../../shared/contract/constants'
import { approvedFactsOf } from './reviewPages'

/** Candidates the inbox loads at a time: more than a screen, few enough to draw at once. */
const REVIEW_PAGE = 100

/**
 * The review inbox: pending candidates (all agents), approved facts (merge targets), the keyboard
 * cursor and selection, and the actions on facts the chat's recall chip offers.
 */
export interface ReviewSlice {
  /** The inbox's candidates loaded so far, a page at a time, in the inbox's order. */
  readonly reviewCandidates: readonly Fact[]
  /** Where the inbox's next page starts; null when every candidate is loaded. */
  readonly reviewNext: ReviewCursor | null
  /** The approved facts of the agent whose candidate is being merged: read when its merge opens (null meanwhile). */
  readonly reviewApproved: readonly Fact[] | null
  readonly reviewPendingCount: number
  readonly reviewCursor: number
  readonly reviewSelected: readonly number[]
  readonly reviewEditing: number | null
  readonly reviewMerging: number | null
  readonly reviewError: string | null
  readonly reviewLoaded: boolean
  /** The candidates the last Reject decided, so it can be undone (they go back to the inbox). */
  readonly reviewLastRejected: readonly Fact[]
  /** True while the panel that merges the selected candidates into one is open. */
  readonly reviewMergingSelected: boolean
  /** Only this import's candidates are shown (the Import wizard opens Review so); null shows all. */
  readonly reviewImportId: string | null
  readonly showReviewForImport: (importId: string | null) => void
  readonly loadReview: () => Promise<void>
  readonly loadReviewCount: () => Promise<void>
  /** The inbox's next page, appended (when the list is scrolled near its end). */
  readonly loadMoreReview: () => Promise<void>
  readonly moveReviewCursor: (delta: number) => void
  readonly setReviewCursor: (index: number) => void
  readonly toggleReviewSelected: (id: number) => void
  readonly setReviewEditing: (id: number | null) => void
  readonly setReviewMerging: (id: number | null) => void
  readonly approveCandidates: (ids: readonly number[], text?: string) => Promise<ActionResult>
  readonly rejectCandidates: (ids: readonly number[]) => Promise<ActionResult>
  readonly mergeCandidate: (id: number, intoId: number, text: string) => Promise<ActionResult>
  /** Folds `ids` into the first with `text` and approves it: the merge ends decided. */
  readonly mergeCandidatesInto: (ids: readonly number[], text: string) => Promise<ActionResult>
  readonly setReviewMergingSelected: (open: boolean) => void
  readonly undoReject: () => Promise<ActionResult>
  readonly flagFactWrong: (id: number) => Promise<ActionResult>
  readonly suppressFact: (id: number) => Promise<ActionResult>
  readonly pinFact: (id: number, to: PinDestination) => Promise<ActionResult<string>>
  readonly receiveReviewChanged: () => void
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
      reviewPendingCount: Math.max(
        0,
        state.reviewPendingCount - (state.reviewCandidates.length - remaining.length)
      ),
      reviewSelected: state.reviewSelected.filter((id) => !decided.includes(id)),
      reviewCursor: Math.min(state.reviewCursor, Math.max(0, remaining.length - 1)),
      reviewEditing: null,
      reviewMerging: null
    }
  })
}

export function createReviewSlice(api: ApiClient): SliceCreator<ReviewSlice> {
  /** After a decision is stored: a failed reload only means the list may be behind, so say that. */
  const refreshOrSay = (set: Set, get: () => AppState): Promise<void> =>
    refresh(set, get).catch((error: unknown) =>
      set({
        reviewError: `The review list could not be reloaded (${errorMessage(error)}). Your decision is saved: open Review again to see the list.`
      })
    )
  let loadingMore = false
  // The filter Review shows under (reviewImportId), kept here too so every reload uses it.
  const filter: { importId: string | null } = { importId: null }
  const pendingPage = (after: ReviewCursor | null, limit = REVIEW_PAGE) =>
    api.call('review.list', {
      status: 'pending',
      limit,
      ...(after !== null ? { after } : {}),
      ...(filter.importId !== null ? { importId: filter.importId } : {})
    })
  // Reloads as many candidates as were shown (at least a page), so a decision keeps the list's length.
  const refresh = async (set: Set, get: () => AppState): Promise<void> => {
    const wanted = Math.max(REVIEW_PAGE, get().reviewCandidates.length)
    const [first, counts] = await Promise.all([
      pendingPage(null, Math.min(wanted, FACT_PAGE_MAX)),
      api.call('review.counts', {})
    ])
    const candidates = [...first.candidates]
    let next = first.next
    while (next !== null && candidates.length < wanted) {
      const page = await pendingPage(next, Math.min(wanted - candidates.length, FACT_PAGE_MAX))
      candidates.push(...page.candidates)
      next = page.next
    }
    set((state) => ({
      reviewCandidates: candidates,
      reviewNext: next,
      reviewPendingCount: counts.pending,
      reviewCursor: Math.min(state.reviewCursor, Math.max(0, candidates.length - 1)),
      reviewError: null,
      reviewLoaded: true
    }))
  }
  const approvedOf = (agentId: AgentId): Promise<Fact[]> => approvedFactsOf(api, agentId)
  const decide = async (
    set: Set,
    get: () => AppState,
    ids: readonly number[],
    act: (id: number) => Promise<unknown>
  ): Promise<ActionResult> => {
    const result = await eachId(ids, act)
    afterDecision(set, result.ok ? ids : [])
    await refreshOrSay(set, get)
    return result
  }
  return (set, get) => ({
    reviewCandidates: [],
    reviewNext: null,
    reviewApproved: [],
    reviewPendingCount: 0,
    reviewCursor: 0,
    reviewSelected: [],
    reviewEditing: null,
    reviewMerging: null,
    reviewError: null,
    reviewLoaded: false,
    reviewLastRejected: [],
    reviewMergingSelected: false,
    reviewImportId: null,
    showReviewForImport(importId) {
      filter.importId = importId
      set({ reviewImportId: importId, reviewCursor: 0, reviewSelected: [], reviewLoaded: false })
      void get().loadReview()
    },
    async loadReview() {
      try {
        await refresh(set, get)
      } catch (error) {
        set({ reviewError: errorMessage(error), reviewLoaded: true })
      }
    },
    async loadMoreReview() {
      const after = get().reviewNext
      if (after === null || loadingMore) return
      loadingMore = true
      try {
        const page = await pendingPage(after)
        // A reload meanwhile started the list over: this page belongs to the old one.
        if (get().reviewNext !== after) return
        set((state) => ({
          reviewCandidates: [...state.reviewCandidates, ...page.candidates],
          reviewNext: page.next
        }))
      } catch (error) {
        set({
          reviewError: `More candidates could not be loaded (${errorMessage(error)}). Scroll again to retry.`
        })
      } finally {
        loadingMore = false
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
      const cursor = count === 0 ? 0 : Math.min(count - 1, Math.max(0, get().reviewCursor + delta))
      set({ reviewCursor: cursor })
      // j held down reaches the loaded end: the next page comes before the cursor gets there.
      if (cursor >= count - 10) void get().loadMoreReview()
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
      set({ reviewMerging: id, reviewEditing: null, reviewApproved: null })
      const agentId = get().reviewCandidates.find((fact) => fact.id === id)?.agentId
      if (agentId === undefined) return
      // The merge targets: this agent's approved facts, read when a merge opens, not with the inbox.
      void approvedOf(agentId).then(
        (approved) => {
          if (get().reviewMerging === id) set({ reviewApproved: approved })
        },
        (error: unknown) =>
          set({
            reviewError: `The approved facts to merge into could not be loaded (${errorMessage(error)}).`
          })
      )
    },
    approveCandidates: (ids, text) =>
      decide(set, get, ids, (id) => api.call('review.approve', text === undefined ? { id } : { id, text })),
    async rejectCandidates(ids) {
      const rejected = get().reviewCandidates.filter((fact) => ids.includes(fact.id))
      const result = await decide(set, get, ids, (id) => api.call('review.reject', { id }))
      if (result.ok) set({ reviewLastRejected: rejected })
      return result
    },
    mergeCandidate: (id, intoId, text) =>
      decide(set, get, [id], () => api.call('review.merge', { id, intoId, text })),
    async mergeCandidatesInto(ids, text) {
      const result = await eachId(ids.slice(0, 1), () =>
        api.call('review.mergeCandidates', { ids: [...ids], text, approve: true })
      )
      afterDecision(set, result.ok ? ids : [])
      if (result.ok) set({ reviewMergingSelected: false, reviewSelected: [] })
      await refreshOrSay(set, get)
      return result
    },
    setReviewMergingSelected(open) {
      set({ reviewMergingSelected: open, reviewEditing: null, reviewMerging: null })
    },
    async undoReject() {
      const ids = get().reviewLastRejected.map((fact) => fact.id)
      const result = await eachId(ids, (id) => api.call('review.restore', { id }))
      set({ reviewLastRejected: [] })
      await refreshOrSay(set, get)
      return result
    },
    flagFactWrong: (id) => decide(set, get, [], () => api.call('review.flagWrong', { id })),
    suppressFact: (id) => decide(set, get, [], () => api.call('review.suppress', { id, suppressed: true })),
    async pinFact(id, to) {
      try {
        const outcome = await api.call('memory.pin', { factId: id, to })
        return outcome.success
          ? { ok: true, value: outcome.message }
          : { ok: false, message: outcome.message }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    receiveReviewChanged() {
      if (get().reviewLoaded) void get().loadReview()
      else void get().loadReviewCount()
    }
  })
}

export const selectReviewPendingCount = (state: AppState): number => state.reviewPendingCount
