import { useEffect, useId, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { STARTED_END, type EndStep, type EndView } from './chatEndSlice'
import { selectChatDraft } from './chatDraftSlice'
import { useComposerFocus } from './useComposerFocus'

const STEP_TEXT: Readonly<Record<string, string>> = {
  retention: 'Looking for facts worth remembering',
  nexus: 'Writing a summary to the Nexus'
}

const REASON_TEXT: Readonly<Record<string, string>> = {
  explicit: 'You ended it.',
  idle: 'It ended on its own after sitting idle past the timeout in Settings.',
  quit: 'It ended when Hearth closed.'
}

function stepState(step: EndStep): string {
  if (step.phase === 'running') return 'working…'
  if (step.phase === 'failed') return `failed: ${step.error ?? 'unknown error'}`
  return step.candidates === null
    ? 'done'
    : `done — ${step.candidates} candidate${step.candidates === 1 ? '' : 's'}`
}

/** A session closed on its own without its end work: why, and the way to run it after all. */
function Skipped({ reason }: Readonly<{ reason: string }>): ReactNode {
  const run = useAppStore((state) => state.runSkippedEndWork)
  return (
    <div className="chat-ended__skipped" data-testid="chat-ended-skipped">
      <p>
        Closed without looking for memories: {reason}. Nothing from it went to Review, and no summary to the
        Nexus.
      </p>
      <Button size="small" onClick={() => void run()}>
        Look for memories anyway
      </Button>
    </div>
  )
}

/** What the session left behind: a link to its candidates in Review, or that there are none. */
function Outcome({ view, onReview }: Readonly<{ view: EndView; onReview: () => void }>): ReactNode {
  if (view.done && view.skipped !== null) return <Skipped reason={view.skipped} />
  if (!view.done)
    return (
      <p className="muted">Retention runs now; its candidates go to Review, never straight into memory.</p>
    )
  if (view.error !== null) return <p className="chat-error-text">{view.error}</p>
  if (view.candidates === null || view.candidates === 0)
    return <p data-testid="chat-ended-outcome">Nothing new worth remembering came out of this session.</p>
  const count = view.candidates === 1 ? '1 candidate' : `${view.candidates} candidates`
  return (
    <p data-testid="chat-ended-outcome">
      It left {count} for your review.{' '}
      <a
        href="#review"
        data-testid="chat-ended-review"
        onClick={(event) => {
          event.preventDefault()
          onReview()
        }}
      >
        See {view.candidates === 1 ? 'it' : 'them'} in Review
      </a>
    </p>
  )
}

/**
 * Where the composer was: the session has ended, so it takes no new messages. Shows the
 * session-end work as it runs (retention, Nexus summary), where its candidates went, and a way to continue in a new chat.
 */
export function EndedPanel(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const sessionId = useAppStore((state) => state.chatSessionId)
  const view = useAppStore((state) => (sessionId === null ? undefined : state.chatEnds[sessionId]))
  const loadEndedSummary = useAppStore((state) => state.loadEndedSummary)
  const startNewChat = useAppStore((state) => state.startNewChatWithDraft)
  const draft = useAppStore(selectChatDraft)
  const loadDraft = useAppStore((state) => state.loadChatDraft)
  const navigate = useAppStore((state) => state.navigate)
  const focusComposer = useAppStore((state) => state.focusChatComposer)
  const newChatButton = useComposerFocus<HTMLButtonElement>()
  const titleId = useId()
  const endedEarlier = detail !== null && detail.endedAtMs !== null && view === undefined
  useEffect(() => loadDraft(), [loadDraft, sessionId])
  useEffect(() => {
    if (endedEarlier) void loadEndedSummary(detail.id, detail.agentId)
  }, [endedEarlier, detail, loadEndedSummary])
  const current = view ?? STARTED_END
  const endedAt = detail?.endedAtMs != null ? new Date(detail.endedAtMs).toLocaleString() : null
  return (
    <section className="chat-ended" aria-labelledby={titleId} data-testid="chat-ended">
      <h2 id={titleId} className="chat-ended__title">
        This session has ended
      </h2>
      <p className="muted">
        {current.reason !== null
          ? REASON_TEXT[current.reason]
          : endedAt !== null
            ? `It ended on ${endedAt}.`
            : ''}{' '}
        Its transcript stays here and in search; new messages go to a new chat.
      </p>
      {current.steps.length > 0 && (
        <ul className="chat-ended__steps" aria-label="Session-end steps" data-testid="chat-ended-steps">
          {current.steps.map((step) => (
            <li key={step.hookId} data-phase={step.phase} data-testid="chat-ended-step">
              <span>{STEP_TEXT[step.hookId] ?? step.hookId}</span>{' '}
              <span className="muted">{stepState(step)}</span>
            </li>
          ))}
        </ul>
      )}
      <Outcome view={current} onReview={() => navigate('review')} />
      {draft.trim() !== '' && (
        <p className="chat-ended__draft" data-testid="chat-ended-draft">
          You had started a message here that was never sent; a new chat takes it along.
        </p>
      )}
      <div>
        <Button
          ref={newChatButton}
          variant="primary"
          onClick={() => {
            startNewChat()
            focusComposer('always')
          }}
          data-testid="chat-ended-new"
        >
          Continue in a new chat
        </Button>
      </div>
    </section>
  )
}
