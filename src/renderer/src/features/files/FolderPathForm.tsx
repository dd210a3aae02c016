import { useId, useState, type ReactNode } from 'react'
import { Button } from '../../ui/Button'

/** Jump straight to a folder by typing or pasting its absolute path. */
export function FolderPathForm({ onGo }: Readonly<{ onGo: (dir: string) => void }>): ReactNode {
  const [path, setPath] = useState('')
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
        <input id={id} className="input mono" value={path} placeholder="/home/you/projects/site" data-testid="folder-path-input" onChange={(event) => setPath(event.target.value)} />
      </div>
      <Button type="submit" disabled={path.trim() === ''} data-testid="folder-path-go">
        Go
      </Button>
    </form>
  )
}
