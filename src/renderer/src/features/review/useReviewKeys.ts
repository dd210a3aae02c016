import { useEffect } from 'react'
import { useStoreApi } from '../../store/useAppStore'
import { isTyping } from '../../lib/keyboard'
import { toolWriteEditable } from './ToolWriteChanges'

/**
 * The inbox's keyboard: j/k move, x selects, a approves and r rejects (the selection when there
 * is one, else the focused candidate), e edits, m opens the merge panel, Escape closes it.
 */
export function useReviewKeys(report: (message: string) => void): void {
  const store = useStoreApi()
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      const state = store.getState()
      const focused = state.reviewCandidates[state.reviewCursor]
      const targets = state.reviewSelected.length > 0 ? state.reviewSelected : focused ? [focused.id] : []
      const done = (result: Promise<{ ok: boolean; message?: string }>): void => {
        void result.then((outcome) =>
          outcome.ok ? undefined : report(outcome.message ?? 'The action failed')
        )
      }
      const actions: Record<string, () => void> = {
        j: () => state.moveReviewCursor(1),
        ArrowDown: () => state.moveReviewCursor(1),
        k: () => state.moveReviewCursor(-1),
        ArrowUp: () => state.moveReviewCursor(-1),
        x: () => focused && state.toggleReviewSelected(focused.id),
        a: () => targets.length > 0 && done(state.approveCandidates(targets)),
        r: () => targets.length > 0 && done(state.rejectCandidates(targets)),
        e: () =>
          focused &&
          (focused.toolWrite === null || toolWriteEditable(focused)) &&
          state.setReviewEditing(focused.id),
        m: () => focused && focused.toolWrite === null && state.setReviewMerging(focused.id),
        Escape: () => (
          state.setReviewEditing(null),
          state.setReviewMerging(null),
          state.setReviewMergingSelected(false)
        )
      }
      const action = actions[event.key]
      if (!action) return
      event.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store, report])
}
