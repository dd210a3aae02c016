import type { ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'

/** The stored chat message a candidate points at, when it names one (ids of chat messages are numbers). */
function chatMessageId(fact: Fact): number | null {
  if (fact.sessionId === null || fact.messageId === null || !/^\d+$/.test(fact.messageId)) return null
  return Number(fact.messageId)
}

/**
 * Where the candidate came from: session, message and the quote it was drawn from. The
 * session/message line opens that message in Chat, so the user can judge the fact in context.
 */
export function CandidateProvenance({ fact }: Readonly<{ fact: Fact }>): ReactNode {
  const showMessage = useAppStore((state) => state.showChatMessage)
  const messageId = chatMessageId(fact)
  const where = (
    <>
      session <code>{fact.sessionId ?? '—'}</code>, message <code>{fact.messageId ?? '—'}</code>
    </>
  )
  return (
    <div className="candidate__provenance" data-testid="candidate-provenance">
      <span className="muted">
        {fact.speaker === 'user' ? 'You said' : 'The agent said'} in{' '}
        {messageId !== null && fact.sessionId !== null ? (
          <button
            type="button"
            className="candidate__jump"
            title="Open this message in Chat"
            data-testid="candidate-jump"
            onClick={(event) => {
              event.stopPropagation()
              void showMessage({ agentId: fact.agentId, sessionId: fact.sessionId as string, messageId })
            }}
          >
            {where}
          </button>
        ) : (
          where
        )}
        {fact.entities.length > 0 && <> · {fact.entities.join(', ')}</>}
      </span>
      {fact.quote !== '' && <blockquote className="candidate__quote">“{fact.quote}”</blockquote>}
    </div>
  )
}
