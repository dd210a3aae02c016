import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgent } from './agentsSlice'
import { DeleteAgentDialog } from './DeleteAgentDialog'
import { NewAgentForm } from './NewAgentForm'
import { RenameAgentDialog } from './RenameAgentDialog'

type OpenDialog = 'none' | 'create' | 'rename' | 'delete'

/** The agents in the sidebar: pick one, add one, rename or delete the selected one. */
export function AgentSwitcher(): ReactNode {
  const agents = useAppStore(useShallow((state) => state.agentIds.flatMap((id) => state.agentsById[id] ?? [])))
  const selected = useAppStore(selectSelectedAgent)
  const selectAgent = useAppStore((state) => state.selectAgent)
  const [dialog, setDialog] = useState<OpenDialog>('none')
  const close = (): void => setDialog('none')
  return (
    <div>
      <div className="sidebar__heading-row">
        <div className="sidebar__heading">Agents</div>
        <Button size="small" variant="ghost" data-testid="agent-new" aria-label="New agent" title="New agent" onClick={() => setDialog('create')}>
          + New
        </Button>
      </div>
      <ul className="agent-list" aria-label="Agents" data-testid="agent-list">
        {agents.map((agent) => (
          <li key={agent.id}>
            <button
              type="button"
              className="agent-item"
              aria-current={agent.id === selected?.id ? 'true' : undefined}
              data-testid={`agent-${agent.id}`}
              onClick={() => selectAgent(agent.id)}
            >
              <span className="agent-item__initial" aria-hidden="true">
                {agent.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="agent-item__name">{agent.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected !== undefined && (
        <div className="agent-actions">
          <Button size="small" variant="ghost" data-testid="agent-rename" aria-label={`Rename ${selected.name}`} onClick={() => setDialog('rename')}>
            Rename
          </Button>
          <Button size="small" variant="ghost" data-testid="agent-delete" aria-label={`Delete ${selected.name}`} onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </div>
      )}
      {dialog === 'create' && <NewAgentForm asDialog onDone={close} />}
      {dialog === 'rename' && selected !== undefined && <RenameAgentDialog agent={selected} onClose={close} />}
      {dialog === 'delete' && selected !== undefined && <DeleteAgentDialog agent={selected} onClose={close} />}
    </div>
  )
}
