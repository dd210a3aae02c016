import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { AgentNameField } from './AgentNameField'
import { useNameForm } from './useNameForm'

/** Creates an agent (a folder with a seeded SOUL.md). Inline on the first-run screen, a dialog elsewhere. */
export function NewAgentForm({
  asDialog = false,
  onDone
}: Readonly<{ asDialog?: boolean; onDone?: () => void }>): ReactNode {
  const createAgent = useAppStore((state) => state.createAgent)
  const done = onDone ?? (() => undefined)
  const form = useNameForm('', createAgent, done)
  const submit = (
    <Button variant="primary" type="submit" disabled={form.busy} data-testid="agent-create-submit">
      {form.busy ? 'Creating…' : 'Create agent'}
    </Button>
  )
  const fields = <AgentNameField form={form} label="Agent name" testId="agent-name-input" />
  if (!asDialog) {
    return (
      <form className="form-row" onSubmit={form.onSubmit} aria-label="Create an agent">
        <div className="form-row__grow">{fields}</div>
        {submit}
      </form>
    )
  }
  return (
    <Dialog title="New agent" onClose={done} data-testid="agent-create-dialog">
      <form onSubmit={form.onSubmit} aria-label="Create an agent" className="dialog__body">
        {fields}
        <p className="muted">
          Hearth creates a folder for the agent with a starting SOUL.md you can edit in Files.
        </p>
        <div className="dialog__actions">
          <Button variant="ghost" onClick={done}>
            Cancel
          </Button>
          {submit}
        </div>
      </form>
    </Dialog>
  )
}
