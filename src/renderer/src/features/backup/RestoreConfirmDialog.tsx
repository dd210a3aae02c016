import type { ReactNode } from 'react'
import type { BackupInspection } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { countText, whenText } from './backupText'

/** The last word before a restore: what is replaced, when, and how to go back. */
export function RestoreConfirmDialog({
  inspection,
  busy,
  onConfirm,
  onClose
}: Readonly<{
  inspection: BackupInspection
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}>): ReactNode {
  const now = inspection.current
  return (
    <Dialog
      title="Replace your home with this backup?"
      onClose={onClose}
      data-testid="restore-confirm"
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Restoring and verifying…' : 'Restore and verify'}
          </Button>
        </>
      }
    >
      <p>
        Everything in <span className="path">{inspection.home}</span> — {countText(now, 'agents', 'agent')},{' '}
        {countText(now, 'sessions', 'chat')}, {countText(now, 'facts', 'approved fact')},{' '}
        {countText(now, 'nexusEntries', 'Nexus entry', 'Nexus entries')} and every file — is replaced by the
        backup made {whenText(inspection.createdAtMs)} ({countText(inspection.counts, 'agents', 'agent')},{' '}
        {countText(inspection.counts, 'sessions', 'chat')}).
      </p>
      <p>
        The backup is first restored beside your home and verified (database integrity, the Nexus chain, every
        file’s hash); nothing changes if a check fails. The switch happens when Hearth starts next.
      </p>
      <p>
        <strong>The way back:</strong> your home as it is now is kept, whole, in a folder beside it (named
        “before-restore” and the time), and Settings offers to go back to it.
      </p>
    </Dialog>
  )
}
