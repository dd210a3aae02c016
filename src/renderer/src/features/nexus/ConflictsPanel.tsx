import { useState, type FormEvent, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusConflict } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { EntryCard } from './EntryCard'
import { selectNexusConflicts } from './nexusSlice'

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
 * Decisions that cannot both hold — by different agents or one agent's later decision that does
 * not say it replaces the earlier — waiting until a resolution references both.
 */
export function ConflictsPanel(): ReactNode {
  const conflicts = useAppStore(useShallow(selectNexusConflicts))
  if (conflicts.length === 0) return null
  return (
    <Panel
      title={`Conflicting decisions (${conflicts.length})`}
      className="nexus-conflicts"
      data-testid="nexus-conflicts"
    >
      <ul className="nexus-conflicts__list">
        {conflicts.map((conflict) => (
          <ConflictItem key={`${conflict.first.seq}-${conflict.second.seq}`} conflict={conflict} />
        ))}
      </ul>
    </Panel>
  )
}
