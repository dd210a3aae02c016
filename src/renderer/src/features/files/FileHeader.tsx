import type { ReactNode } from 'react'
import { estimateTokens } from '../../../../shared/util/tokens'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { isDirty, isReadOnly, type OpenFile } from './openFile'

/** Path, token counts (live while typing, and as saved), save state and the Save button. */
export function FileHeader({ file }: Readonly<{ file: OpenFile }>): ReactNode {
  const saveFile = useAppStore((state) => state.saveFile)
  const dirty = isDirty(file)
  const live = estimateTokens(file.draft)
  const saved = file.doc?.tokens
  return (
    <div className="file-header">
      <div className="file-header__meta">
        <span className="path" data-testid="file-path">
          {file.doc?.path ?? '…'}
        </span>
        <span className="file-header__figures">
          <span
            className="status-pill"
            data-testid="file-tokens"
            title="Estimated as one token per four characters"
          >
            ≈ {live} tokens{dirty && saved !== undefined && saved !== live ? ` (saved: ${saved})` : ''}
          </span>
          <span className="muted" data-testid="file-state">
            {describeState(file, dirty)}
          </span>
        </span>
      </div>
      <Button
        variant="primary"
        data-testid="file-save"
        disabled={!dirty || file.saving || isReadOnly(file)}
        onClick={() => void saveFile(file.key)}
        title="Save (Ctrl+S)"
      >
        {file.saving ? 'Saving…' : 'Save'}
      </Button>
    </div>
  )
}

function describeState(file: OpenFile, dirty: boolean): string {
  if (file.doc === null) return file.loadError === null ? 'Loading…' : 'Could not load'
  if (file.doc.readError !== null) return 'Read-only'
  if (file.saving) return 'Saving…'
  if (dirty) return 'Unsaved changes'
  return file.doc.exists ? 'Saved' : 'New file — not created yet'
}
