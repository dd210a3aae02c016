import { useState, type ReactNode } from 'react'
import type { Agent } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'

/** Asks before deleting, and says what happens to the files: they move to .trash, nothing is erased. */
export function DeleteAgentDialog({
  agent,
  onClose
}: Readonly<{ agent: Agent; onClose: () => void }>): ReactNode {
  const deleteAgent = useAppStore((state) => state.deleteAgent)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function confirm(): Promise<void> {
    setBusy(true)
    const result = await deleteAgent(agent.id)
    setBusy(false)
    if (result.ok) onClose()
    else setError(result.message)
  }
  return (
    <Dialog
      title={`Delete ${agent.name}?`}
      onClose={onClose}
      data-testid="agent-delete-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            data-testid="agent-delete-confirm"
            onClick={() => void confirm()}
          >
            Delete agent
          </Button>
        </>
      }
    >
      <p>
        {agent.name} disappears from Hearth. Its folder (SOUL.md, MEMORY.md, memories) moves to{' '}
        <span className="mono">.trash/</span> in your Hearth home, so you can still recover it by hand.
      </p>
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  )
}
