import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

/** Right after a Reject: what was rejected, and Undo, which puts it back in the inbox. */
export function RejectedNotice({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  const { rejected, undo, showTab } = useAppStore(
    useShallow((s) => ({ rejected: s.reviewLastRejected, undo: s.undoReject, showTab: s.showReviewTab }))
  )
  const first = rejected[0]
  if (first === undefined) return null
  const title =
    rejected.length === 1
      ? `Rejected: “${first.text.length > 80 ? `${first.text.slice(0, 80)}…` : first.text}”`
      : `Rejected ${rejected.length} candidates`
  return (
    <Banner
      tone="info"
      title={title}
      data-testid="review-rejected-notice"
      actions={
        <Button
          size="small"
          onClick={() => void undo().then((outcome) => (outcome.ok ? undefined : report(outcome.message)))}
        >
          Undo
        </Button>
      }
    >
      <button type="button" className="link-button" onClick={() => showTab('history')}>
        Kept in history
      </button>
      ; it is never recalled. Undo puts it back in the inbox.
    </Banner>
  )
}
