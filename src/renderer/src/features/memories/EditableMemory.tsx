import { useState, type ReactNode } from 'react'
import type { ActionResult } from '../../store/types'
import { Button } from '../../ui/Button'

type EditableMemoryProps = Readonly<{
  text: string
  /** Under the text: type, source, file… */
  meta?: ReactNode
  /** What the text field is, for screen readers ("Fact text", "MEMORY.md entry"). */
  fieldLabel: string
  onSave: (text: string) => Promise<ActionResult>
  onForget: () => Promise<ActionResult>
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
  'data-testid': testId
}: EditableMemoryProps): ReactNode {
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<ActionResult>, onDone: () => void): Promise<void> => {
    setBusy(true)
    const result = await action()
    setBusy(false)
    if (result.ok) onDone()
    else setError(result.message)
  }
  const editing = draft !== null
  return (
    <li className="memory-item" data-testid={testId}>
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
            <Button
              size="small"
              variant="ghost"
              disabled={busy}
              onClick={() => void run(onForget, () => undefined)}
            >
              Forget
            </Button>
          </>
        )}
      </div>
    </li>
  )
}
