import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'

/** The chat's name as a field: Enter or Save renames, Esc or Cancel leaves it; a refusal shows inline. */
export function RenameChatForm({
  id,
  title,
  onDone
}: Readonly<{ id: string; title: string; onDone: () => void }>): ReactNode {
  const rename = useAppStore((state) => state.renameChat)
  const [value, setValue] = useState(title)
  const [error, setError] = useState<string | null>(null)
  const save = async (): Promise<void> => {
    const result = await rename(id, value)
    if (result.ok) onDone()
    else setError(result.message)
  }
  return (
    <form
      className="chat-rename"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <input
        className="chat-rename__input"
        aria-label="Chat name"
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            onDone()
          }
        }}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `rename-error-${id}` : undefined}
      />
      <Button size="small" variant="primary" type="submit">
        Save
      </Button>
      <Button size="small" onClick={onDone}>
        Cancel
      </Button>
      {error !== null && (
        <span id={`rename-error-${id}`} className="chat-error-text chat-rename__error" role="alert">
          {error}
        </span>
      )}
    </form>
  )
}
