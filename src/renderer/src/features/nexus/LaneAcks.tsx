import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusAckStatus } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectNexusAcks } from './nexusTeamSlice'
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

/** How many acknowledgements an author owes, across the whole log. */
export function owedBy(acks: readonly NexusAckStatus[], author: string): number[] {
  return acks.filter((item) => item.awaiting.includes(author)).map((item) => item.seq)
}

/** In a lane's header: what its author has not acknowledged yet. */
export function LaneOwes({ author }: Readonly<{ author: string }>): ReactNode {
  const owed = useAppStore(useShallow((state) => owedBy(selectNexusAcks(state), author)))
  if (owed.length === 0) return null
  return (
    <span
      className="status-pill status-pill--warn lane-owes"
      title={`${author} has not acknowledged ${owed.map((seq) => `#${seq}`).join(', ')}`}
      data-testid="nexus-lane-owes"
    >
      {owed.length === 1 ? '1 to acknowledge' : `${owed.length} to acknowledge`}
    </span>
  )
}
