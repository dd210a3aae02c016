import { useEffect, type ReactNode } from 'react'
import type { AgentId, MemoryTarget } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { usageKey } from './memorySignalsSlice'
import { MemoryUsageMeter } from './MemoryUsageMeter'

/**
 * The budget meter for MEMORY.md or USER.md, for the Files screen: loads the usage once and
 * follows every memory write (the `memory.written` event). `reloadKey` (e.g. the file hash)
 * re-reads it after a save in the editor.
 */
export function MemoryFileUsage({
  agentId,
  target,
  reloadKey
}: Readonly<{ agentId: AgentId; target: MemoryTarget; reloadKey?: string }>): ReactNode {
  const load = useAppStore((state) => state.loadMemoryUsage)
  const usage = useAppStore((state) => state.memoryUsage[usageKey(agentId, target)])
  useEffect(() => {
    void load(agentId, target)
  }, [load, agentId, target, reloadKey])
  if (usage === undefined) return null
  return <MemoryUsageMeter usage={usage} label={target === 'user' ? 'USER.md budget' : 'MEMORY.md budget'} />
}
