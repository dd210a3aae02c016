import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ReviewDecision } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { selectAgentName } from '../agents/agentsSlice'
import { FactSourceLink } from './FactSourceLink'
import { selectReviewDecisions } from './reviewHistorySlice'

const LABEL: Readonly<Record<ReviewDecision['decision'], string>> = {
  approved: 'Approved',
  rejected: 'Rejected',
  merged: 'Merged'
}

/** What Undo will do, said on the button's tooltip and after it ran. */
const UNDO_MEANS: Readonly<Record<ReviewDecision['decision'], string>> = {
  approved: 'Back to the inbox; it is no longer recalled.',
  rejected: 'Back to the inbox.',
  merged: 'The candidates go back to the inbox and the fact to its text before the merge.'
}

function when(atMs: number): string {
  return new Date(atMs).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
}

/** One decided candidate: what was decided, on what text, by whom it was said, when, and Undo. */
function DecisionRow({
  decision,
  report
}: Readonly<{ decision: ReviewDecision; report: (message: string) => void }>): ReactNode {
  const agentName = useAppStore(selectAgentName(decision.candidate.agentId))
  const undo = useAppStore((state) => state.undoReviewDecision)
  const [busy, setBusy] = useState(false)
  const run = async (): Promise<void> => {
    setBusy(true)
    const result = await undo(decision.eventId)
    setBusy(false)
    if (!result.ok) report(result.message)
  }
  const { merge } = decision
  return (
    <li className={`decision decision--${decision.decision}`} data-testid="review-decision">
      <div className="decision__line">
        <span className={`decision__kind decision__kind--${decision.decision}`}>
          {LABEL[decision.decision]}
          {merge !== null && ` into #${merge.intoId}`}
        </span>
        <span className="decision__text">{decision.text}</span>
        {decision.undoneAtMs === null && decision.undoBlocked === null && (
          <Button
            size="small"
            disabled={busy}
            title={UNDO_MEANS[decision.decision]}
            onClick={() => void run()}
          >
            {busy ? 'Undoing…' : 'Undo'}
          </Button>
        )}
      </div>
      {merge !== null && (
        <p className="decision__merge">
          #{merge.intoId} took the text “{merge.intoText}”
          {merge.intoBefore !== null && <> (it said “{merge.intoBefore}”)</>}
        </p>
      )}
      <p className="decision__meta muted">
        {agentName} · <FactSourceLink fact={decision.candidate} /> · {LABEL[decision.decision].toLowerCase()}{' '}
        <time dateTime={new Date(decision.atMs).toISOString()}>{when(decision.atMs)}</time>
      </p>
      {decision.undoneAtMs !== null && (
        <p className="decision__undone">
          Undone {when(decision.undoneAtMs)}. {UNDO_MEANS[decision.decision]}
        </p>
      )}
      {decision.undoBlocked !== null && <p className="decision__blocked muted">{decision.undoBlocked}</p>}
    </li>
  )
}

/**
 * Review → History: every candidate decided (approved, rejected, merged), newest first, each
 * with Undo while nothing has happened to it since. The decisions stay listed after an undo.
 */
export function ReviewHistory({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  const decisions = useAppStore(useShallow(selectReviewDecisions))
  const { loaded, error } = useAppStore(
    useShallow((s) => ({ loaded: s.reviewHistoryLoaded, error: s.reviewHistoryError }))
  )
  if (error !== null)
    return (
      <Banner tone="danger" title="The review history could not be read">
        {error}
      </Banner>
    )
  if (loaded && decisions.length === 0)
    return (
      <EmptyState title="No decisions yet">
        Candidates you approve, reject or merge are listed here, newest first, with Undo.
      </EmptyState>
    )
  return (
    <ul className="decision-list" aria-label="Decided candidates">
      {decisions.map((decision) => (
        <DecisionRow key={decision.eventId} decision={decision} report={report} />
      ))}
    </ul>
  )
}
