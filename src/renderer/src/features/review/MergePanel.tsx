import { Suspense, useState, type ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { DiffView } from '../files/editor'

type MergePanelProps = Readonly<{
  fact: Fact
  approved: readonly Fact[]
  onMerge: (intoId: number, text: string) => void
  onCancel: () => void
}>

/**
 * Merge a candidate into an approved fact of the same agent: pick the fact (the proposed one
 * first), write the merged text, and see the change against the existing fact as a Monaco diff.
 */
export function MergePanel({ fact, approved, onMerge, onCancel }: MergePanelProps): ReactNode {
  const targets = approved.filter((candidate) => candidate.agentId === fact.agentId)
  const [targetId, setTargetId] = useState<number>(fact.mergeTargetId ?? targets[0]?.id ?? 0)
  const target = targets.find((candidate) => candidate.id === targetId)
  const [text, setText] = useState(fact.text)
  return (
    <div className="candidate__merge" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()} data-testid="merge-panel">
      <label className="field">
        <span className="field__label">Merge into</span>
        <select className="input" value={targetId} onChange={(event) => setTargetId(Number(event.target.value))} data-testid="merge-target">
          {targets.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              #{candidate.id} {candidate.text.slice(0, 90)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Merged text</span>
        <textarea className="textarea" rows={2} value={text} onChange={(event) => setText(event.target.value)} data-testid="merge-text" />
      </label>
      {target !== undefined && (
        <Suspense fallback={<div className="muted">Loading the diff…</div>}>
          <div className="candidate__diff">
            <DiffView original={target.text} modified={text} originalLabel={`Fact #${target.id} now`} modifiedLabel="After the merge" data-testid="merge-diff" />
          </div>
        </Suspense>
      )}
      <div className="candidate__actions">
        <Button size="small" variant="primary" disabled={target === undefined || text.trim() === ''} onClick={() => onMerge(targetId, text.trim())} data-testid="merge-confirm">
          Merge into #{targetId}
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  )
}
