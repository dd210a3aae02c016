import type { ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectAgentName } from '../agents/agentsSlice'
import { FactSourceLink } from './FactSourceLink'

/** Where an imported candidate was in the other runtime: "USER.md, line 3", or a conversation. */
export function describeImportedFrom(fact: Fact): string | null {
  const from = fact.provenance
  if (from === null) return null
  const place =
    from.file !== null
      ? `${from.file}${from.line !== null ? `, line ${from.line}` : ''}`
      : from.conversation !== null
        ? `conversation ${from.conversation}${from.message !== null ? `, message ${from.message}` : ''}`
        : 'its export'
  return `Imported from ${from.source}: ${place}`
}

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
  const imported = describeImportedFrom(fact)
  if (imported !== null && fact.sessionId === null)
    return (
      <div className="candidate__provenance" data-testid="candidate-provenance">
        <span className="muted">{imported}</span>
        {fact.quote !== '' && <blockquote className="candidate__quote">“{fact.quote}”</blockquote>}
      </div>
    )
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
