import type { ReviewDecision } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** What Review shows: the inbox of candidates, or the history of decided ones. */
export type ReviewTab = 'inbox' | 'history'

/** Review's history: every decided candidate with Undo while the decision can still be taken back. */
export interface ReviewHistorySlice {
  readonly reviewTab: ReviewTab
  readonly reviewDecisions: readonly ReviewDecision[]
  readonly reviewHistoryLoaded: boolean
  readonly reviewHistoryError: string | null
  readonly showReviewTab: (tab: ReviewTab) => void
  readonly loadReviewHistory: () => Promise<void>
  /** Takes a decision back; the inbox and the history are reloaded either way. */
  readonly undoReviewDecision: (eventId: number) => Promise<ActionResult>
  /** `review.changed`: a decision made elsewhere (a chat, the CLI) shows up while History is open. */
  readonly receiveReviewHistoryChanged: () => void
}

/** How many decisions the history shows (newest). */
export const REVIEW_HISTORY_LIMIT = 200

export function createReviewHistorySlice(api: ApiClient): SliceCreator<ReviewHistorySlice> {
  return (set, get) => ({
    reviewTab: 'inbox',
    reviewDecisions: [],
    reviewHistoryLoaded: false,
    reviewHistoryError: null,
    showReviewTab(tab) {
      set({ reviewTab: tab })
      if (tab === 'history') void get().loadReviewHistory()
    },
    async loadReviewHistory() {
      try {
        const { decisions } = await api.call('review.decided', { limit: REVIEW_HISTORY_LIMIT })
        set({ reviewDecisions: decisions, reviewHistoryLoaded: true, reviewHistoryError: null })
      } catch (error) {
        set({ reviewHistoryError: errorMessage(error), reviewHistoryLoaded: true })
      }
    },
    async undoReviewDecision(eventId) {
      let result: ActionResult
      try {
        await api.call('review.undo', { eventId })
        result = { ok: true, value: undefined }
      } catch (error) {
        result = { ok: false, message: errorMessage(error) }
      }
      await Promise.all([get().loadReviewHistory(), get().loadReview()])
      return result
    },
    receiveReviewHistoryChanged() {
      if (get().reviewTab === 'history') void get().loadReviewHistory()
    }
  })
}

export const selectReviewTab = (state: AppState): ReviewTab => state.reviewTab
export const selectReviewDecisions = (state: AppState): readonly ReviewDecision[] => state.reviewDecisions
