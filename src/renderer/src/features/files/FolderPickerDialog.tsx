import { useEffect, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { FolderPathForm } from './FolderPathForm'
import { selectFolderError, selectFolderListing, selectProjectDir } from './projectFolderSlice'

/** Browses folders through the core (`app.listDirs`): the browser host has no native folder dialog. */
export function FolderPickerDialog({ onClose }: Readonly<{ onClose: () => void }>): ReactNode {
  const listing = useAppStore(selectFolderListing)
  const error = useAppStore(selectFolderError)
  const current = useAppStore(selectProjectDir)
  const browseFolder = useAppStore((state) => state.browseFolder)
  const chooseProjectDir = useAppStore((state) => state.chooseProjectDir)
  useEffect(() => {
    void browseFolder(current ?? undefined)
  }, [browseFolder, current])
  const choose = (): void => {
    if (listing === null) return
    chooseProjectDir(listing.dir)
    onClose()
  }
  return (
    <Dialog
      title="Choose a project folder"
      onClose={onClose}
      data-testid="folder-picker"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={listing === null} data-testid="folder-picker-choose" onClick={choose}>
            Use this folder
          </Button>
        </>
      }
    >
      <p className="muted">Hearth edits the folder's rules file (AGENTS.md, CLAUDE.md, .cursorrules …), or creates AGENTS.md if it has none.</p>
      <FolderPathForm onGo={(dir) => void browseFolder(dir)} />
      {error !== null && <Banner tone="danger" title="Cannot open that folder" data-testid="folder-error">{error}</Banner>}
      <div className="folder-current">
        <span className="field__label">Current folder</span> <span className="path" data-testid="folder-picker-current">{listing?.dir ?? '…'}</span>
      </div>
      <ul className="folder-list" aria-label="Sub-folders">
        {listing?.parent != null && (
          <li>
            <button type="button" className="folder-item" data-testid="folder-up" onClick={() => void browseFolder(listing.parent ?? undefined)}>
              ↑ Parent folder
            </button>
          </li>
        )}
        {listing?.dirs.map((dir) => (
          <li key={dir}>
            <button type="button" className="folder-item" data-testid="folder-entry" onClick={() => void browseFolder(dir)}>
              {dir.split(/[\\/]/).pop()}
            </button>
          </li>
        ))}
        {listing !== null && listing.dirs.length === 0 && <li className="muted folder-item">No sub-folders here.</li>}
      </ul>
    </Dialog>
  )
}
