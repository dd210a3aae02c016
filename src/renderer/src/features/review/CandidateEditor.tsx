import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { isSubmitEnter } from '../../lib/keyboard'
import { Button } from '../../ui/Button'

type CandidateEditorProps = Readonly<{
  initial: string
  onSave: (text: string) => void
  onCancel: () => void
}>

/** Edit-then-approve, inline: Enter approves the edited text, Escape goes back to the list. */
export function CandidateEditor({ initial, onSave, onCancel }: CandidateEditorProps): ReactNode {
  const [text, setText] = useState(initial)
  const trimmed = text.trim()
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    event.stopPropagation()
    if (event.key === 'Escape') onCancel()
    if (isSubmitEnter(event) && trimmed !== '') {
      event.preventDefault()
      onSave(trimmed)
    }
  }
  return (
    <div className="candidate__editor" onClick={(event) => event.stopPropagation()}>
      <textarea
        className="textarea candidate__textarea"
        value={text}
        autoFocus
        rows={2}
        aria-label="Fact text"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="candidate-editor"
      />
      <div className="candidate__actions">
        <Button
          size="small"
          variant="primary"
          disabled={trimmed === ''}
          onClick={() => onSave(trimmed)}
          data-testid="candidate-save-approve"
        >
          Approve edited <kbd>Enter</kbd>
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel}>
          Cancel <kbd>Esc</kbd>
        </Button>
      </div>
    </div>
  )
}
