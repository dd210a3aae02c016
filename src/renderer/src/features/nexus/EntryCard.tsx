import { useState, type ReactNode } from 'react'
import type { NexusEntry } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectAuthorName } from '../agents/agentsSlice'
import { DeviceTag } from '../sync/DeviceTag'
import { authorStyle, formatClock, formatTime } from './agentColor'

/** The author's display name in their colour (the id on hover); the same chip everywhere an entry is signed. */
export function AuthorChip({ author }: Readonly<{ author: string }>): ReactNode {
  const name = useAppStore(selectAuthorName(author))
  return (
    <span
      className="nexus-author"
      style={authorStyle(author)}
      data-testid="nexus-author"
      title={name === author ? undefined : author}
    >
      {name}
    </span>
  )
}

type EntryCardProps = Readonly<{
  entry: NexusEntry
  compact?: boolean
  /** `clock` shows only the hour (the lanes view's gutter carries the date); the full time stays in the tooltip. */
  time?: 'full' | 'clock'
  /** Drawn as the target of the reference the user points at (lanes view). */
  highlighted?: boolean
  /** Extra lines under the summary, e.g. the lanes view's reference chips. */
  children?: ReactNode
}>

/**
 * One signed entry: who, where from, what kind, when, the one-line summary and rationale, and
 * on demand its body, references and hash. Entries are never editable, so there is no edit
 * action. `compact` (narrow columns) moves the channel into the details.
 */
export function EntryCard({
  entry,
  compact = false,
  time = 'full',
  highlighted = false,
  children
}: EntryCardProps): ReactNode {
  const [open, setOpen] = useState(false)
  // When it was written, on whichever device: an entry synced or imported later keeps its own time.
  const writtenAt = entry.originalTs ?? entry.ts
  return (
    <article
      className={`nexus-entry nexus-entry--${entry.type}${highlighted ? ' nexus-entry--focus' : ''}`}
      style={{ borderLeftColor: authorStyle(entry.agent).borderColor }}
      data-testid="nexus-entry"
      data-seq={entry.seq}
      data-focused={highlighted || undefined}
    >
      <header className="nexus-entry__head">
        <span className="nexus-entry__seq">#{entry.seq}</span>
        <AuthorChip author={entry.agent} />
        <span className={`nexus-type nexus-type--${entry.type}`}>{entry.type}</span>
        {!compact && <span className="nexus-entry__channel muted">{entry.channel}</span>}
        <DeviceTag origin={entry.origin} />
        <time
          className="nexus-entry__time muted"
          dateTime={new Date(writtenAt).toISOString()}
          title={formatTime(writtenAt)}
        >
          {time === 'clock' ? formatClock(writtenAt) : formatTime(writtenAt)}
        </time>
      </header>
      <p className="nexus-entry__summary">{entry.summary}</p>
      {entry.rationale !== null && <p className="nexus-entry__rationale">Why: {entry.rationale}</p>}
      {children}
      <button
        type="button"
        className="nexus-entry__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide details' : 'Details'}
      </button>
      {open && (
        <div className="nexus-entry__detail">
          {entry.body !== null && <pre className="nexus-entry__body">{entry.body}</pre>}
          {compact && <p className="muted">Channel {entry.channel}</p>}
          {entry.refs.length > 0 && (
            <p className="muted">Refers to {entry.refs.map((ref) => `#${ref}`).join(', ')}</p>
          )}
          {entry.originalTs !== null && (
            <p className="muted">Imported; first written {formatTime(entry.originalTs)}</p>
          )}
          <p className="path">id {entry.id}</p>
          <p className="path">hash {entry.hash}</p>
        </div>
      )}
    </article>
  )
}
