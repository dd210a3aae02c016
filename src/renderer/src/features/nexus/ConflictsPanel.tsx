import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusConflict } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { EntryCard } from './EntryCard'
import { selectNexusConflicts } from './nexusConflictsSlice'

/** One conflicting pair and the form that settles it with a `resolution` entry. */
function ConflictItem({ conflict }: Readonly<{ conflict: NexusConflict }>): ReactNode {
  const resolve = useAppStore((state) => state.resolveNexusConflict)
  const [summary, setSummary] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    const result = await resolve(conflict.first.seq, conflict.second.seq, summary)
    setBusy(false)
    if (!result.ok) setError(result.message)
  }
  const keep = (seq: number, text: string): void => setSummary(`Keep #${seq}: ${text}`.slice(0, 200))
  return (
    <li className="nexus-conflict" data-testid="nexus-conflict">
      <p className="muted" data-testid="nexus-conflict-reason">
        {conflict.reason}
        {conflict.sharedRefs.length > 0 &&
          ` Both refer to ${conflict.sharedRefs.map((ref) => `#${ref}`).join(', ')}.`}
        {conflict.method === 'similarity' && ' (Matched by meaning.)'}
      </p>
      <div className="nexus-conflict__pair">
        <EntryCard entry={conflict.first} compact />
        <EntryCard entry={conflict.second} compact />
      </div>
      <form className="form-row" onSubmit={(event) => void submit(event)}>
        <Button size="small" onClick={() => keep(conflict.first.seq, conflict.first.summary)}>
          Keep #{conflict.first.seq}
        </Button>
        <Button size="small" onClick={() => keep(conflict.second.seq, conflict.second.summary)}>
          Keep #{conflict.second.seq}
        </Button>
        <input
          className="input form-row__grow"
          value={summary}
          maxLength={200}
          onChange={(event) => setSummary(event.target.value)}
          placeholder="How is it settled? (one line)"
          aria-label="Resolution"
          data-testid="nexus-resolution-summary"
        />
        <Button
          type="submit"
          size="small"
          variant="primary"
          disabled={busy || summary.trim() === ''}
          data-testid="nexus-resolve"
        >
          Resolve
        </Button>
      </form>
      {error !== null && <p className="field__error">{error}</p>}
    </li>
  )
}

/**
 * The end of the loaded pages: a button for the next page (keyboard and pointer), also pressed
 * for the user when it scrolls into the panel's view.
 */
function MoreConflicts({ shown, total }: Readonly<{ shown: number; total: number }>): ReactNode {
  const loadMore = useAppStore((state) => state.loadMoreNexusConflicts)
  const loading = useAppStore((state) => state.nexusConflictsLoading)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const element = button.current
    if (!element) return undefined
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) void loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [loadMore, shown])
  return (
    <Button
      ref={button}
      size="small"
      variant="ghost"
      className="nexus-conflicts__more"
      disabled={loading}
      onClick={() => void loadMore()}
      data-testid="nexus-conflicts-more"
    >
      {loading ? 'Loading…' : `Show more (${total - shown} not shown)`}
    </Button>
  )
}

/**
 * Decisions that cannot both hold — by different agents or one agent's later decision that does
 * not say it replaces the earlier — waiting until a resolution references both. The title counts
 * every open pair; the list holds the newest pages, scrolls within its own height, and reads the
 * next page as its end comes into view (or on the button at its end).
 */
export function ConflictsPanel(): ReactNode {
  const conflicts = useAppStore(useShallow(selectNexusConflicts))
  const total = useAppStore((state) => state.nexusConflictTotal)
  const more = useAppStore((state) => state.nexusConflictNext !== null)
  if (total === 0 && conflicts.length === 0) return null
  return (
    <Panel
      title={`Conflicting decisions (${total})`}
      actions={
        <span className="muted" data-testid="nexus-conflicts-shown">
          {conflicts.length < total ? `newest ${conflicts.length} shown` : `all ${total} shown`}
        </span>
      }
      className="nexus-conflicts"
      data-testid="nexus-conflicts"
    >
      <div className="nexus-conflicts__scroll" tabIndex={0} role="region" aria-label="Conflicting decisions">
        <ul className="nexus-conflicts__list">
          {conflicts.map((conflict) => (
            <ConflictItem key={`${conflict.first.seq}-${conflict.second.seq}`} conflict={conflict} />
          ))}
        </ul>
        {more && <MoreConflicts shown={conflicts.length} total={total} />}
      </div>
    </Panel>
  )
}
