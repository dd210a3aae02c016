import type { ReactNode } from 'react'
import type { NexusCursor, NexusEntry } from '../../../../shared/contract'
import { AuthorChip } from './EntryCard'
import { formatTime } from './agentColor'
import { LaneOwes } from './LaneAcks'
import { LaneUnread } from './LaneUnread'
import type { Lane } from './lanes'

type LaneHeaderProps = Readonly<{
  lane: Lane
  /** The author's latest working checkpoint in the whole log, if any. */
  checkpoint: NexusEntry | undefined
  cursor: NexusCursor | undefined
  /** A Hearth agent reads the log before every turn, so its unread count always means something. */
  isAgent: boolean
}>

/** The top of an author's column: who, from where, how many entries, unread count and latest checkpoint. */
export function LaneHeader({ lane, checkpoint, cursor, isAgent }: LaneHeaderProps): ReactNode {
  return (
    <div className="lane-head" data-testid="nexus-lane" data-author={lane.author}>
      <div className="lane-head__row">
        <AuthorChip author={lane.author} />
        <span className="muted lane-head__count">
          {lane.count === 1 ? '1 entry' : `${lane.count} entries`}
        </span>
      </div>
      <div className="lane-head__row">
        <span className="muted lane-head__channels">via {lane.channels.join(', ')}</span>
        {lane.author !== 'user' && <LaneUnread author={lane.author} cursor={cursor} isAgent={isAgent} />}
        <LaneOwes author={lane.author} />
      </div>
      {checkpoint ? (
        <p
          className="lane-head__checkpoint"
          title={`Checkpoint #${checkpoint.seq}, ${formatTime(checkpoint.ts)}: ${checkpoint.summary}`}
          data-testid="nexus-lane-checkpoint"
        >
          <span className="nexus-type nexus-type--checkpoint">checkpoint</span> {checkpoint.summary}
        </p>
      ) : (
        <p className="lane-head__checkpoint muted">No checkpoint yet</p>
      )}
    </div>
  )
}
