import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { FolderPathForm } from './FolderPathForm'
import { selectFolderError, selectFolderListing } from './projectFolderSlice'

type FolderPickerProps = Readonly<{
  /** Where browsing starts (the user's home folder when null). */
  start: string | null
  /** Says what the chosen folder is for. */
  purpose: string
  /** Called with the chosen folder, or null for "No project" when `allowNone`. */
  onChoose: (dir: string | null) => void
  onClose: () => void
  allowNone?: boolean
}>

/**
 * Picks a project folder by browsing through the core (`app.listDirs`, since the browser host has
 * no native dialog) or by typing its path. "Use this folder" takes the path in the field, after
 * the core confirmed it is a folder.
 */
export function FolderPickerDialog({
  start,
  purpose,
  onChoose,
  onClose,
  allowNone = false
}: FolderPickerProps): ReactNode {
  const listing = useAppStore(selectFolderListing)
  const error = useAppStore(selectFolderError)
  const browseFolder = useAppStore((state) => state.browseFolder)
  const [path, setPath] = useState(start ?? '')
  // The path field follows the newest browse; typing counts as newer than any browse still on its
  // way, so a slow first listing never replaces a path the user has typed meanwhile.
  const changes = useRef(0)
  const browse = async (dir?: string): Promise<void> => {
    const asked = ++changes.current
    const found = await browseFolder(dir)
    if (found !== null && asked === changes.current) setPath(found.dir)
  }
  const type = (typed: string): void => {
    changes.current++
    setPath(typed)
  }
  useEffect(() => {
    const asked = ++changes.current
    void browseFolder(start ?? undefined).then(
      (found) => found !== null && asked === changes.current && setPath(found.dir)
    )
  }, [browseFolder, start])
  const use = async (): Promise<void> => {
    const typed = path.trim()
    const target = typed === '' || typed === listing?.dir ? listing : await browseFolder(typed)
    if (target === null || target === undefined) return
    onChoose(target.dir)
    onClose()
  }
  return (
    <Dialog
      title="Choose a project folder"
      onClose={onClose}
      data-testid="folder-picker"
      actions={
        <>
          {allowNone && (
            <Button
              variant="ghost"
              data-testid="folder-picker-none"
              onClick={() => (onChoose(null), onClose())}
            >
              No project
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={listing === null && path.trim() === ''}
            data-testid="folder-picker-choose"
            onClick={() => void use()}
          >
            Use this folder
          </Button>
        </>
      }
    >
      <p className="muted">{purpose}</p>
      <FolderPathForm path={path} onChange={type} onGo={(dir) => void browse(dir)} />
      {error !== null && (
        <Banner tone="danger" title="Cannot open that folder" data-testid="folder-error">
          {error}
        </Banner>
      )}
      <div className="folder-current">
        <span className="field__label">Sub-folders of</span>{' '}
        <span className="path" data-testid="folder-picker-current">
          {listing?.dir ?? '…'}
        </span>
      </div>
      <ul className="folder-list" aria-label="Sub-folders">
        {listing?.parent != null && (
          <li>
            <button
              type="button"
              className="folder-item"
              data-testid="folder-up"
              onClick={() => void browse(listing.parent ?? undefined)}
            >
              ↑ Parent folder
            </button>
          </li>
        )}
        {listing?.dirs.map((dir) => (
          <li key={dir}>
            <button
              type="button"
              className="folder-item"
              data-testid="folder-entry"
              onClick={() => void browse(dir)}
            >
              {dir.split(/[\\/]/).pop()}
            </button>
          </li>
        ))}
        {listing !== null && listing.dirs.length === 0 && (
          <li className="muted folder-item">No sub-folders here.</li>
        )}
      </ul>
    </Dialog>
  )
}
