import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusAckStatus } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectNexusAcks, selectNexusAcksOwed } from './nexusTeamSlice'
import './nexusTeam.css'

/** Who has not acknowledged a decision or handoff yet, each with a way to excuse them. */
export function LaneAcks({ seq }: Readonly<{ seq: number }>): ReactNode {
  const status = useAppStore(useShallow((state) => selectNexusAcks(state).find((item) => item.seq === seq)))
  const dismiss = useAppStore((state) => state.dismissNexusAck)
  const [error, setError] = useState<string | null>(null)
  if (!status || status.awaiting.length === 0) return null
  return (
    <div className="lane-acks" data-testid="nexus-awaiting-ack" data-seq={seq}>
      <span className="lane-acks__label">Awaiting acknowledgement from</span>
      {status.awaiting.map((member) => (
        <span key={member} className="lane-acks__member" data-member={member}>
          {member}
          <button
            type="button"
            className="lane-acks__dismiss"
            aria-label={`Excuse ${member} from acknowledging #${seq}`}
            title={`${member} no longer needs to acknowledge #${seq}`}
            onClick={() => {
              void dismiss(member, seq).then((result) => setError(result.ok ? null : result.message))
            }}
          >
            ×
          </button>
        </span>
      ))}
      {error !== null && <span className="field__error">{error}</span>}
    </div>
  )
}

/** The loaded entries an author has not acknowledged, oldest first. */
export function owedBy(acks: readonly NexusAckStatus[], author: string): number[] {
  return acks.filter((item) => item.awaiting.includes(author)).map((item) => item.seq)
}

/** Seqs named in the pill's tooltip; the count covers the whole log. */
const NAMED_IN_TITLE = 10

/** In a lane's header: how many entries its author has not acknowledged yet, across the log. */
export function LaneOwes({ author }: Readonly<{ author: string }>): ReactNode {
  const count = useAppStore(
    (state) => selectNexusAcksOwed(state).find((owed) => owed.member === author)?.count ?? 0
  )
  const shown = useAppStore(useShallow((state) => owedBy(selectNexusAcks(state), author)))
  if (count === 0) return null
  const named = shown.slice(0, NAMED_IN_TITLE).map((seq) => `#${seq}`)
  const rest = count - named.length
  const title =
    named.length === 0
      ? `${author} has not acknowledged ${count === 1 ? '1 entry' : `${count} entries`}, none of them loaded here`
      : `${author} has not acknowledged ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`
  return (
    <span className="status-pill status-pill--warn lane-owes" title={title} data-testid="nexus-lane-owes">
      {count === 1 ? '1 to acknowledge' : `${count} to acknowledge`}
    </span>
  )
}
