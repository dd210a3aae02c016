import { useEffect, type ReactNode } from 'react'
import type { SessionEndSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectAgentName } from '../agents/agentsSlice'
import { quoteChatTitle } from './FactSourceLink'

const REASON_TEXT: Readonly<Record<string, string>> = {
  explicit: 'you ended it',
  idle: 'it sat idle',
  quit: 'Hearth closed'
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

/** What retention made of one ended session, in words. */
export function endOutcome(end: SessionEndSummary): string {
  if (end.skipped !== null) return `not read for memories: ${end.skipped}`
  if (end.retention === null) return 'retention has not read it'
  if (end.retention.error !== null) return `retention failed: ${end.retention.error}`
  const produced = plural(end.retention.candidates, 'candidate')
  return end.retention.candidates === 0 ? 'no candidates' : `${produced} · ${end.pending} still waiting`
}

function EndRow({ end }: Readonly<{ end: SessionEndSummary }>): ReactNode {
  const agentName = useAppStore(selectAgentName(end.agentId))
  const selectAgent = useAppStore((state) => state.selectAgent)
  const selectedAgentId = useAppStore((state) => state.selectedAgentId)
  const openChat = useAppStore((state) => state.openChatSession)
  const navigate = useAppStore((state) => state.navigate)
  const when = new Date(end.endedAtMs).toLocaleString()
  return (
    <li className="session-end" data-testid="review-session-end" data-session-id={end.sessionId}>
      <button
        type="button"
        className="fact-source fact-source--link"
        title="Open this chat"
        onClick={() => {
          if (selectedAgentId !== end.agentId) selectAgent(end.agentId)
          void openChat(end.sessionId).then(() => navigate('chat'))
        }}
      >
        {quoteChatTitle(end.title)}
      </button>{' '}
      <span className="muted">
        · {agentName} · ended {end.reason !== null ? `when ${REASON_TEXT[end.reason]}, ` : ''}
        {when}
      </span>{' '}
      — <span data-testid="review-session-end-outcome">{endOutcome(end)}</span>
    </li>
  )
}

/**
 * Where the inbox's candidates come from: the latest session ends, each with how many candidates
 * retention proposed (and how many still wait), or why it did not read the chat at all.
 */
export function SessionEndsPanel(): ReactNode {
  const ends = useAppStore((state) => state.recentSessionEnds)
  const load = useAppStore((state) => state.loadRecentSessionEnds)
  // Read again when the inbox's count moves (a decision, new candidates), not when scrolling loads
  // another page of it: each read is a query on the host while the list is being scrolled.
  const waiting = useAppStore((state) => state.reviewPendingCount)
  useEffect(() => {
    void load()
  }, [load, waiting])
  if (ends === null || ends.length === 0) return null
  return (
    <details className="session-ends" data-testid="review-session-ends">
      <summary>Recent session ends — what each left for review ({plural(ends.length, 'session')})</summary>
      <ul className="session-ends__list">
        {ends.map((end) => (
          <EndRow key={end.sessionId} end={end} />
        ))}
      </ul>
    </details>
  )
}
