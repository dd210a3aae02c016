import { useCallback, useState, type ReactNode, type RefObject } from 'react'
import type { ActionResult } from '../../store/types'
import { Button } from '../../ui/Button'
import type { VirtualRowProps } from '../../ui/VirtualRows'

/** Runs one action of a remembered thing: busy while it runs, its refusal kept to show under the text. */
export interface MemoryRunner {
  readonly busy: boolean
  readonly error: string | null
  readonly setError: (error: string | null) => void
  readonly run: (action: () => Promise<ActionResult>, onDone?: () => void) => Promise<void>
}

export function useMemoryRunner(): MemoryRunner {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<ActionResult>, onDone?: () => void): Promise<void> => {
    setBusy(true)
    setError(null)
    const result = await action()
    setBusy(false)
    if (result.ok) onDone?.()
    else setError(result.message)
  }
  return { busy, error, setError, run }
}

type EditableMemoryProps = Readonly<{
  text: string
  /** Under the text: type, source, file… */
  meta?: ReactNode
  /** What the text field is, for screen readers ("Fact text", "MEMORY.md entry"). */
  fieldLabel: string
  onSave: (text: string) => Promise<ActionResult>
  onForget: () => Promise<ActionResult>
  /** More actions between Edit and Forget (Pin), run through `runner` so their refusals show here too. */
  extraActions?: ReactNode
  runner?: MemoryRunner
  /** The item a search hit opened: marked, and scrolled to through `itemRef`. */
  focused?: boolean
  itemRef?: RefObject<HTMLLIElement | null>
  /** Its place in a virtualised list (its index, and the ref that measures it). */
  rowProps?: VirtualRowProps
  'data-testid'?: string
}>

/**
 * One remembered thing with Edit and Forget. Editing happens in place; a refusal (the scan, the
 * budget, a file changed behind our back) is shown right under the field and loses nothing.
 */
export function EditableMemory({
  text,
  meta,
  fieldLabel,
  onSave,
  onForget,
  extraActions,
  runner,
  focused = false,
  itemRef,
  rowProps,
  'data-testid': testId
}: EditableMemoryProps): ReactNode {
  const [draft, setDraft] = useState<string | null>(null)
  const own = useMemoryRunner()
  const { busy, error, setError, run } = runner ?? own
  const editing = draft !== null
  const measure = rowProps?.ref
  // Stable while its parts are: a new ref on every render would detach the row and measure it again.
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      if (itemRef) itemRef.current = element
      measure?.(element)
    },
    [itemRef, measure]
  )
  return (
    <li
      ref={ref}
      data-index={rowProps?.['data-index']}
      className={`memory-item${focused ? ' memory-item--focus' : ''}`}
      data-testid={testId}
      data-focused={focused || undefined}
    >
      {editing ? (
        <textarea
          className="textarea memory-item__editor"
          aria-label={fieldLabel}
          value={draft}
          rows={3}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : (
        <div className="memory-item__text">{text}</div>
      )}
      {meta !== undefined && !editing && <div className="memory-item__meta">{meta}</div>}
      {error !== null && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
      <div className="memory-item__actions">
        {editing ? (
          <>
            <Button
              size="small"
              variant="primary"
              disabled={busy || draft.trim() === ''}
              onClick={() =>
                void run(
                  () => onSave(draft.trim()),
                  () => setDraft(null)
                )
              }
            >
              Save
            </Button>
            <Button size="small" variant="ghost" onClick={() => (setDraft(null), setError(null))}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button size="small" variant="ghost" onClick={() => (setDraft(text), setError(null))}>
              Edit
            </Button>
            {extraActions}
            <Button size="small" variant="ghost" disabled={busy} onClick={() => void run(onForget)}>
              Forget
            </Button>
          </>
        )}
      </div>
    </li>
  )
}
