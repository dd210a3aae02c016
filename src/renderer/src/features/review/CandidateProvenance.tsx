import type { ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectAgentName } from '../agents/agentsSlice'
import { FactSourceLink } from './FactSourceLink'

/**
 * Where the candidate came from: who said it, in which message of which chat (a link that opens
 * it in Chat, so the user can judge the fact in context), and the quote it was drawn from.
 */
export function CandidateProvenance({ fact }: Readonly<{ fact: Fact }>): ReactNode {
  const agentName = useAppStore(selectAgentName(fact.agentId))
  const who =
    fact.origin === 'tool'
      ? `${agentName} asked to write this`
      : fact.speaker === 'user'
        ? 'You said it'
        : `${agentName} said it`
  return (
    <div className="candidate__provenance" data-testid="candidate-provenance">
      <span className="muted">
        {who} in <FactSourceLink fact={fact} />
        {fact.entities.length > 0 && <> · {fact.entities.join(', ')}</>}
      </span>
      {fact.quote !== '' && <blockquote className="candidate__quote">“{fact.quote}”</blockquote>}
    </div>
  )
}
