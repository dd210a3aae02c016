import { useState, type ReactNode } from 'react'
import type { SessionId, TurnId } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'

/** What marking the turn came to, as the core answered it. */
type MarkOutcome =
  | { readonly state: 'idle' | 'posting' }
  | { readonly state: 'posted' | 'already'; readonly seq: number }
  | { readonly state: 'refused'; readonly message: string }

function outcomeText(outcome: MarkOutcome): string {
  switch (outcome.state) {
    case 'posted':
      return `Posted to the Nexus as entry #${outcome.seq}.`
    case 'already':
      return `Already in the Nexus as entry #${outcome.seq}; nothing new was posted.`
    case 'refused':
      return `Not posted: ${outcome.message}`
    default:
      return ''
  }
}

/**
 * "Post to the Nexus": the user marks a finished turn as meaningful, so the other agents see a
 * `turn` entry for it. The line beside the button says what happened: the new entry's number,
 * the entry the turn already had (the model's own or an automatic one), or why it was refused.
 */
export function PostTurnButton({
  sessionId,
  turnId
}: Readonly<{ sessionId: SessionId; turnId: TurnId }>): ReactNode {
  const mark = useAppStore((state) => state.markNexusTurn)
  const navigate = useAppStore((state) => state.navigate)
  const [outcome, setOutcome] = useState<MarkOutcome>({ state: 'idle' })
  const post = async (): Promise<void> => {
    setOutcome({ state: 'posting' })
    const result = await mark(sessionId, turnId)
    if (!result.ok) setOutcome({ state: 'refused', message: result.message })
    else setOutcome({ state: result.value.created ? 'posted' : 'already', seq: result.value.entry.seq })
  }
  const done = outcome.state === 'posted' || outcome.state === 'already'
  return (
    <>
      {done ? (
        <button
          type="button"
          className="message-action"
          title="Open the Nexus timeline"
          onClick={() => navigate('nexus')}
        >
          Open the Nexus
        </button>
      ) : (
        <button
          type="button"
          className="message-action"
          disabled={outcome.state === 'posting'}
          title="Mark this turn as meaningful: the other agents see a one-line entry about it in the Nexus"
          onClick={() => void post()}
        >
          {outcome.state === 'posting' ? 'Posting…' : 'Post to the Nexus'}
        </button>
      )}
      <span
        role="status"
        className={`message-action-outcome${outcome.state === 'refused' ? ' message-action-outcome--refused' : ''}`}
      >
        {outcomeText(outcome)}
      </span>
    </>
  )
}
