import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { CandidateList } from './CandidateList'
import { ImportFilterBanner } from './ImportFilterBanner'
import { MergeSelectedPanel } from './MergeSelectedPanel'
import { RejectedNotice } from './RejectedNotice'
import { ReviewHistory } from './ReviewHistory'
import { selectReviewTab } from './reviewHistorySlice'
import { ReviewTabPanel, ReviewTabs } from './ReviewTabs'
import { SessionEndsPanel } from './SessionEndsPanel'
import { useReviewKeys } from './useReviewKeys'
import './review.css'

/** The selection bar: batch approve / reject of the checked candidates. */
function BatchBar({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  const { selected, approve, reject, clear, merging, openMerge } = useAppStore(
    useShallow((s) => ({
      selected: s.reviewSelected,
      approve: s.approveCandidates,
      reject: s.rejectCandidates,
      clear: s.toggleReviewSelected,
      merging: s.reviewMergingSelected,
      openMerge: s.setReviewMergingSelected
    }))
  )
  if (selected.length === 0) return null
  const run = (result: Promise<{ ok: boolean; message?: string }>): void => {
    void result.then((outcome) => (outcome.ok ? undefined : report(outcome.message ?? 'The action failed')))
  }
  return (
    <div className="review-batch" data-testid="review-batch">
      <strong>{selected.length} selected</strong>
      <Button size="small" variant="primary" onClick={() => run(approve(selected))}>
        Approve all <kbd>a</kbd>
      </Button>
      {selected.length >= 2 && (
        <Button size="small" onClick={() => openMerge(true)}>
          Merge selected…
        </Button>
      )}
      <Button size="small" variant="danger" onClick={() => run(reject(selected))}>
        Reject all <kbd>r</kbd>
      </Button>
      <Button size="small" variant="ghost" onClick={() => selected.forEach((id) => clear(id))}>
        Clear selection
      </Button>
      {merging && selected.length >= 2 && <MergeSelectedPanel report={report} />}
    </div>
  )
}

/**
 * Review: what retention proposed to remember, waiting for the user. Nothing here is recalled
 * until approved; rejected candidates stay in history. Driven from the keyboard (j/k, a, r, e, x).
 */
export function ReviewSection(): ReactNode {
  const { load, loadImports, loaded, count, error } = useAppStore(
    useShallow((s) => ({
      load: s.loadReview,
      loadImports: s.loadImportRuns,
      loaded: s.reviewLoaded,
      // Every agent's pending count; under one import's filter, what is loaded (with + while more follow).
      count:
        s.reviewImportId === null
          ? String(s.reviewPendingCount)
          : `${s.reviewCandidates.length}${s.reviewNext !== null ? '+' : ''}`,
      error: s.reviewError
    }))
  )
  const tab = useAppStore(selectReviewTab)
  const [actionError, setActionError] = useState<string | null>(null)
  const report = useCallback((message: string) => setActionError(message), [])
  useEffect(() => {
    void load()
    // Fresh names for the import chips (an import may have run since Review was last open).
    void loadImports()
  }, [load, loadImports])
  return (
    <div className="section review-section" data-testid="review-section">
      <header className="section__header">
        <h1 className="section__title">Review</h1>
        <span className="section__subtitle">
          {count} waiting · <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>a</kbd> approve · <kbd>e</kbd> edit ·{' '}
          <kbd>m</kbd> merge · <kbd>r</kbd> reject · <kbd>x</kbd> select
        </span>
      </header>
      {error !== null && (
        <Banner tone="danger" title="The review inbox could not be read">
          {error}
        </Banner>
      )}
      {actionError !== null && (
        <Banner
          tone="warning"
          title="Not done"
          actions={
            <Button size="small" variant="ghost" onClick={() => setActionError(null)}>
              Dismiss
            </Button>
          }
          data-testid="review-action-error"
        >
          {actionError}
        </Banner>
      )}
      <ImportFilterBanner />
      <ReviewTabs />
      <ReviewTabPanel>
        {tab === 'history' ? (
          <ReviewHistory report={report} />
        ) : (
          <>
            <RejectedNotice report={report} />
            <SessionEndsPanel />
            <BatchBar report={report} />
            {loaded && count === '0' ? (
              <EmptyState title="Nothing to review" data-testid="review-empty">
                When a session ends, the facts worth remembering from it appear here. None of them is used
                until you approve it.
              </EmptyState>
            ) : (
              <ReviewKeyboard report={report} />
            )}
          </>
        )}
      </ReviewTabPanel>
    </div>
  )
}

/** The list with its keyboard shortcuts (mounted only while there is something to review). */
function ReviewKeyboard({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  useReviewKeys(report)
  return <CandidateList report={report} />
}
