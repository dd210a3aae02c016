import type { ReactNode } from 'react'
import type { FileTarget } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgentId } from '../agents/agentsSlice'
import { MemoryFileUsage } from '../memory'

/**
 * How full MEMORY.md or USER.md is against its character budget (the memory tool refuses writes
 * past it). USER.md is shared, so any agent id reads it; other files have no budget.
 * `reloadKey` (the saved file's hash) re-reads the usage after every save.
 */
export function MemoryBudget({
  target,
  reloadKey
}: Readonly<{ target: FileTarget; reloadKey: string | undefined }>): ReactNode {
  const selectedAgentId = useAppStore(selectSelectedAgentId)
  if (target.kind === 'memory') {
    return (
      <div className="injected__budget" data-testid="file-memory-budget">
        <MemoryFileUsage agentId={target.agentId} target="memory" reloadKey={reloadKey} />
      </div>
    )
  }
  if (target.kind === 'user' && selectedAgentId !== null) {
    return (
      <div className="injected__budget" data-testid="file-memory-budget">
        <MemoryFileUsage agentId={selectedAgentId} target="user" reloadKey={reloadKey} />
      </div>
    )
  }
  return null
}
