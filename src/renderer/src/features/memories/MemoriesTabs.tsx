import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { TabPanel, Tabs } from '../../ui/Tabs'
import { selectMemoriesTab, type MemoriesTab } from './memoryWritesSlice'

const ITEMS = [
  { id: 'memories', label: 'What it remembers' },
  { id: 'writes', label: 'Writes' }
] as const satisfies readonly { id: MemoriesTab; label: string }[]

const PREFIX = 'memories-tab'

/** What the agent remembers now, or the writes that made MEMORY.md and USER.md what they are. */
export function MemoriesTabs(): ReactNode {
  const tab = useAppStore(selectMemoriesTab)
  const show = useAppStore((state) => state.showMemoriesTab)
  return <Tabs label="Memories" idPrefix={PREFIX} items={ITEMS} value={tab} onChange={show} />
}

export function MemoriesTabPanel({ children }: Readonly<{ children: ReactNode }>): ReactNode {
  const tab = useAppStore(selectMemoriesTab)
  return (
    <TabPanel idPrefix={PREFIX} value={tab} className="memories-tab-panel">
      {children}
    </TabPanel>
  )
}
