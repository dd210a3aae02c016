import { Suspense, useState, type ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { selectAgentName } from '../agents/agentsSlice'
import { DiffView } from '../files/editor'
import { mergePrefill } from './MergeSelectedPanel'

type MergePanelProps = Readonly<{
  fact: Fact
  approved: readonly Fact[]
  pending: readonly Fact[]
  /** Into an approved fact, which takes the text. */
  onMerge: (intoId: number, text: string) => void
  /** With another candidate, which takes the text and is approved. */
  onMergeWith: (otherId: number, text: string) => void
  onCancel: () => void
}>

type Target = { readonly kind: 'approved' | 'candidate'; readonly fact: Fact }

function targetsFor(fact: Fact, approved: readonly Fact[], pending: readonly Fact[]): Target[] {
  const mine = (other: Fact): boolean => other.agentId === fact.agentId && other.id !== fact.id
  return [
    ...approved.filter(mine).map((other) => ({ kind: 'approved' as const, fact: other })),
    ...pending
      .filter((other) => mine(other) && other.toolWrite === null)
      .map((other) => ({ kind: 'candidate' as const, fact: other }))
  ]
}

const keyOf = (target: Target): string => `${target.kind}:${target.fact.id}`

/**
 * The merged text to start from: a candidate that contradicts an approved fact is the newer word,
 * so its own text; otherwise the fuller of the two texts, never both run together.
 */
function prefillFor(fact: Fact, target: Target | undefined): string {
  if (target === undefined) return fact.text
  if (
    target.kind === 'approved' &&
    target.fact.id === fact.mergeTargetId &&
    fact.mergeKind === 'contradiction'
  )
    return fact.text
  return mergePrefill([fact.text, target.fact.text])
}

/** Said instead of an empty list: why there is nothing to merge into, and what to do instead. */
function NothingToMerge({ fact, onCancel }: Readonly<{ fact: Fact; onCancel: () => void }>): ReactNode {
  const agentName = useAppStore(selectAgentName(fact.agentId))
  return (
    <div className="candidate__merge" data-testid="merge-panel" onClick={(event) => event.stopPropagation()}>
      <p className="candidate__merge-empty" role="status" data-testid="merge-nothing">
        Nothing to merge into yet: {agentName} has no approved facts and no other candidate waiting. Merging
        folds this candidate into a fact that says the same thing; approve it (or edit it first) to make it
        the first one.
      </p>
      <div className="candidate__actions">
        <Button size="small" variant="ghost" onClick={onCancel}>
          Close
        </Button>
      </div>
    </div>
  )
}

/**
 * Merge a candidate into an approved fact of the same agent (the fact takes the merged text) or
 * with another waiting candidate (one candidate remains, to approve), seeing the change as a diff.
 */
export function MergePanel({
  fact,
  approved,
  pending,
  onMerge,
  onMergeWith,
  onCancel
}: MergePanelProps): ReactNode {
  const targets = targetsFor(fact, approved, pending)
  const proposed =
    targets.find((target) => target.kind === 'approved' && target.fact.id === fact.mergeTargetId) ??
    targets[0]
  const [key, setKey] = useState(proposed ? keyOf(proposed) : '')
  const target = targets.find((candidate) => keyOf(candidate) === key)
  // Until the user edits it, the text follows the chosen target.
  const [edited, setEdited] = useState<string | null>(null)
  const text = edited ?? prefillFor(fact, target)
  const setText = (value: string): void => setEdited(value)
  if (targets.length === 0) return <NothingToMerge fact={fact} onCancel={onCancel} />
  const confirm = (): void => {
    if (target === undefined) return
    if (target.kind === 'approved') onMerge(target.fact.id, text.trim())
    else onMergeWith(target.fact.id, text.trim())
  }
  const group = (kind: Target['kind'], label: string): ReactNode => {
    const options = targets.filter((candidate) => candidate.kind === kind)
    if (options.length === 0) return null
    return (
      <optgroup label={label}>
        {options.map((candidate) => (
          <option key={keyOf(candidate)} value={keyOf(candidate)}>
            #{candidate.fact.id} {candidate.fact.text.slice(0, 90)}
          </option>
        ))}
      </optgroup>
    )
  }
  return (
    <div
      className="candidate__merge"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      data-testid="merge-panel"
    >
      <label className="field">
        <span className="field__label">Merge into</span>
        <select
          className="input"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          data-testid="merge-target"
        >
          {group('approved', 'Approved facts')}
          {group('candidate', 'Other candidates waiting')}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Merged text</span>
        <textarea
          className="textarea"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="merge-text"
        />
      </label>
      {target !== undefined && (
        <Suspense fallback={<div className="muted">Loading the diff…</div>}>
          <div className="candidate__diff">
            <DiffView
              original={target.fact.text}
              modified={text}
              originalLabel={`#${target.fact.id} now`}
              modifiedLabel="After the merge"
              data-testid="merge-diff"
            />
          </div>
        </Suspense>
      )}
      <div className="candidate__actions">
        <Button
          size="small"
          variant="primary"
          disabled={target === undefined || text.trim() === ''}
          onClick={confirm}
          data-testid="merge-confirm"
        >
          {target?.kind === 'candidate'
            ? `Merge with #${target.fact.id} and approve`
            : `Merge into #${target?.fact.id ?? ''}`}
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {target?.kind === 'candidate' && (
        <p className="muted">
          One approved fact with the merged text comes out; #{fact.id} is kept in its history.
        </p>
      )}
    </div>
  )
}
