import type { ReactNode } from 'react'
import type { NexusEntry } from '../../../../shared/contract'
import { EntryCard } from './EntryCard'
import { LaneAcks } from './LaneAcks'
import { useLaneFocus } from './laneFocus'
import { backlinkVerb, refVerb, type LanesModel } from './lanes'
import { RefChip } from './RefChip'

type LaneCardProps = Readonly<{
  entry: NexusEntry
  model: LanesModel
  /** Seqs of the entries currently loaded, to tell which references can be shown. */
  loaded: ReadonlySet<number>
}>

/**
 * An entry in its author's column, with its links spelled out: what it references (an ack
 * "acks #3"), who answered it ("resolved by #7"), and the decisions it conflicts with.
 */
export function LaneCard({ entry, model, loaded }: LaneCardProps): ReactNode {
  const { focus } = useLaneFocus()
  const backlinks = model.backlinks.get(entry.seq) ?? []
  const conflicts = model.conflictsWith.get(entry.seq) ?? []
  const hasLinks = entry.refs.length + backlinks.length + conflicts.length > 0
  return (
    <EntryCard entry={entry} compact time="clock" highlighted={focus === entry.seq}>
      {hasLinks && (
        <div className="lane-links">
          {conflicts.map((seq) => (
            <RefChip
              key={`c${seq}`}
              target={seq}
              verb="conflicts with"
              tone="conflict"
              loaded={loaded.has(seq)}
            />
          ))}
          {entry.refs.map((seq) => (
            <RefChip
              key={`r${seq}`}
              target={seq}
              verb={refVerb(entry.type)}
              tone="ref"
              loaded={loaded.has(seq)}
            />
          ))}
          {backlinks.map((link) => (
            <RefChip
              key={`b${link.seq}`}
              target={link.seq}
              verb={backlinkVerb(link.type)}
              tone="backlink"
              loaded
            />
          ))}
        </div>
      )}
      {(entry.type === 'decision' || entry.type === 'handoff') && <LaneAcks seq={entry.seq} />}
    </EntryCard>
  )
}
