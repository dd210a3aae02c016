import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgent } from './agentsSlice'
import { AgentRow } from './AgentRow'
import { ExportAgentDialog } from '../imports/ExportAgentDialog'
import { DeleteAgentDialog } from './DeleteAgentDialog'
import { NewAgentForm } from './NewAgentForm'
import { RenameAgentDialog } from './RenameAgentDialog'

type OpenDialog = 'none' | 'create' | 'rename' | 'delete' | 'export'

/** The agents in the sidebar: pick one, add one, rename or delete the selected one (from its own row). */
export function AgentSwitcher(): ReactNode {
  const agents = useAppStore(
    useShallow((state) => state.agentIds.flatMap((id) => state.agentsById[id] ?? []))
  )
  const selected = useAppStore(selectSelectedAgent)
  const selectAgent = useAppStore((state) => state.selectAgent)
  const [dialog, setDialog] = useState<OpenDialog>('none')
  const close = (): void => setDialog('none')
  return (
    <div>
      <div className="sidebar__heading-row">
        <div className="sidebar__heading">Agents</div>
        <Button
          size="small"
          variant="ghost"
          data-testid="agent-new"
          aria-label="New agent"
          title="New agent"
          onClick={() => setDialog('create')}
        >
          + New
        </Button>
      </div>
      <ul className="agent-list" aria-label="Agents" data-testid="agent-list">
        {agents.map((agent) => (
          <AgentRow
            key={agent.id}
            agent={agent}
            selected={agent.id === selected?.id}
            onSelect={() => selectAgent(agent.id)}
            onRename={() => setDialog('rename')}
            onDelete={() => setDialog('delete')}
            onExport={() => setDialog('export')}
          />
        ))}
      </ul>
      {dialog === 'create' && <NewAgentForm asDialog onDone={close} />}
      {dialog === 'rename' && selected !== undefined && (
        <RenameAgentDialog agent={selected} onClose={close} />
      )}
      {dialog === 'export' && selected !== undefined && (
        <ExportAgentDialog agent={selected} onClose={close} />
      )}
      {dialog === 'delete' && selected !== undefined && (
        <DeleteAgentDialog agent={selected} onClose={close} />
      )}
    </div>
  )
}
