import { useId, type ReactNode } from 'react'
import { Button } from '../../ui/Button'

type FolderPathFormProps = Readonly<{
  path: string
  onChange: (path: string) => void
  /** Enter or Go: browse to the typed folder. */
  onGo: (dir: string) => void
}>

/** The folder to use, as a path: it follows the browsing below, and a typed or pasted path jumps there. */
export function FolderPathForm({ path, onChange, onGo }: FolderPathFormProps): ReactNode {
  const id = useId()
  return (
    <form
      className="form-row"
      aria-label="Go to folder"
      onSubmit={(event) => {
        event.preventDefault()
        if (path.trim() !== '') onGo(path.trim())
      }}
    >
      <div className="field form-row__grow">
        <label className="field__label" htmlFor={id}>
          Folder path
        </label>
        <input
          id={id}
          className="input mono"
          value={path}
          placeholder="/home/you/projects/site"
          data-testid="folder-path-input"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={path.trim() === ''} data-testid="folder-path-go">
        Go
      </Button>
    </form>
  )
}
