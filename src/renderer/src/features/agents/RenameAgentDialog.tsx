import type { ReactNode } from 'react'
import type { Agent } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { AgentNameField } from './AgentNameField'
import { useNameForm } from './useNameForm'

/** Renames an agent. The id (its folder name) stays, so nothing on disk moves. */
export function RenameAgentDialog({
  agent,
  onClose
}: Readonly<{ agent: Agent; onClose: () => void }>): ReactNode {
  const renameAgent = useAppStore((state) => state.renameAgent)
  const form = useNameForm(agent.name, (name) => renameAgent(agent.id, name), onClose, agent.id)
  return (
    <Dialog title={`Rename ${agent.name}`} onClose={onClose} data-testid="agent-rename-dialog">
      <form onSubmit={form.onSubmit} aria-label="Rename agent" className="dialog__body">
        <AgentNameField form={form} label="New name" testId="agent-rename-input" />
        <p className="muted">
          The folder stays <span className="mono">agents/{agent.id}</span>; only the display name changes.
        </p>
        <div className="dialog__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={form.busy} data-testid="agent-rename-submit">
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
