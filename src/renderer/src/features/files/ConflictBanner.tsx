import type { ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import type { OpenFile } from './openFile'

/**
 * The conflict prompt, over the editor and non-modal (the draft stays visible and editable).
 * The user decides; Hearth never overwrites either side silently.
 */
export function ConflictBanner({ file }: Readonly<{ file: OpenFile }>): ReactNode {
  const reloadFile = useAppStore((state) => state.reloadFile)
  const keepMine = useAppStore((state) => state.keepMine)
  const setShowDiff = useAppStore((state) => state.setShowDiff)
  if (file.conflict === null) return null
  return (
    <Banner
      tone="warning"
      title={file.conflict.message}
      data-testid="conflict-banner"
      actions={
        <>
          <Button
            size="small"
            data-testid="conflict-reload"
            onClick={() => void reloadFile(file.key)}
            title="Discard your edits and load the file from disk"
          >
            Reload
          </Button>
          <Button
            size="small"
            variant="primary"
            data-testid="conflict-keep-mine"
            disabled={file.saving}
            onClick={() => void keepMine(file.key)}
            title="Save your version over the one on disk"
          >
            Keep mine
          </Button>
          <Button
            size="small"
            variant="ghost"
            data-testid="conflict-diff"
            aria-pressed={file.showDiff}
            onClick={() => setShowDiff(file.key, !file.showDiff)}
          >
            {file.showDiff ? 'Hide diff' : 'Show diff'}
          </Button>
        </>
      }
    >
      Reload discards your unsaved edits; Keep mine saves your version over the one on disk.
    </Banner>
  )
}
