import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'

/** Why the selection cannot be merged, or null when it can. */
export function mergeSelectionProblem(selected: readonly Fact[]): string | null {
  if (selected.length < 2) return 'Select at least two candidates to merge.'
  if (selected.some((fact) => fact.toolWrite !== null))
    return 'Memory writes the agent asked for are approved or rejected as they are; unselect them to merge the rest.'
  if (new Set(selected.map((fact) => fact.agentId)).size > 1)
    return 'Only candidates of one agent can be merged.'
  return null
}

/**
 * The merged text a merge starts from: the fullest of the texts (the longest, which usually says
 * what the shorter ones say and more), never the texts run together.
 */
export function mergePrefill(texts: readonly string[]): string {
  return texts.reduce((best, text) => (text.trim().length > best.trim().length ? text : best), '').trim()
}

/**
 * Folds the selected candidates into one approved fact: the user writes the merged text (it
 * starts as the fullest of them); the first selected candidate keeps it, approved, and the
 * others are superseded by it.
 */
export function MergeSelectedPanel({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  const { candidates, ids, merge, close } = useAppStore(
    useShallow((s) => ({
      candidates: s.reviewCandidates,
      ids: s.reviewSelected,
      merge: s.mergeCandidatesInto,
      close: s.setReviewMergingSelected
    }))
  )
  const selected = candidates.filter((fact) => ids.includes(fact.id))
  const [text, setText] = useState(() => mergePrefill(selected.map((fact) => fact.text)))
  const problem = mergeSelectionProblem(selected)
  const confirm = (): void => {
    void merge(
      selected.map((fact) => fact.id),
      text.trim()
    ).then((outcome) => (outcome.ok ? undefined : report(outcome.message)))
  }
  return (
    <div
      className="review-merge-selected"
      data-testid="merge-selected-panel"
      onKeyDown={(event) => event.stopPropagation()}
    >
      <ul className="review-merge-selected__list">
        {selected.map((fact) => (
          <li key={fact.id}>
            #{fact.id} {fact.text}
          </li>
        ))}
      </ul>
      {problem !== null ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : (
        <label className="field">
          <span className="field__label">Merged text</span>
          <textarea
            className="textarea"
            rows={2}
            value={text}
            autoFocus
            onChange={(event) => setText(event.target.value)}
            data-testid="merge-selected-text"
          />
        </label>
      )}
      <div className="candidate__actions">
        <Button
          size="small"
          variant="primary"
          disabled={problem !== null || text.trim() === ''}
          onClick={confirm}
        >
          Merge into one and approve
        </Button>
        <Button size="small" variant="ghost" onClick={() => close(false)}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
