import { useEffect, useState, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { ChainStatus } from './ChainStatus'
import { ConflictsPanel } from './ConflictsPanel'
import { ProjectStateEditor } from './ProjectStateEditor'
import { LanesView } from './LanesView'
import { NexusComposer, NexusPostedNotice } from './NexusComposer'
import { selectNexusView } from './nexusSlice'
import { CheckpointList, DecisionLog } from './SideLists'
import { Timeline } from './Timeline'
import './nexus.css'

const TABS = [
  { id: 'decisions', label: 'Decisions' },
  { id: 'checkpoints', label: 'Checkpoints' },
  { id: 'state', label: 'Project state' }
] as const
type TabId = (typeof TABS)[number]['id']

function SideTabs({ tab, onChange }: Readonly<{ tab: TabId; onChange: (tab: TabId) => void }>): ReactNode {
  return (
    <div className="nexus-tabs" role="tablist" aria-label="Nexus views">
      {TABS.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          className="nexus-tabs__tab"
          aria-selected={tab === item.id}
          onClick={() => onChange(item.id)}
          data-testid={`nexus-tab-${item.id}`}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}

/**
 * Nexus: the log every agent (and every MCP client) shares. The timeline updates live, also for
 * entries written by other processes; conflicting decisions wait here for the user. The lanes
 * view needs the full width for its columns, so the side lists give way while it is shown (the
 * lane headers carry each author's checkpoint).
 */
export function NexusSection(): ReactNode {
  const load = useAppStore((state) => state.loadNexus)
  const error = useAppStore((state) => state.nexusError)
  const view = useAppStore(selectNexusView)
  const [tab, setTab] = useState<TabId>('decisions')
  const stateSought = useAppStore((state) => state.sourceFocus?.kind === 'project-state')
  useEffect(() => {
    if (stateSought) setTab('state')
  }, [stateSought])
  useEffect(() => {
    void load()
  }, [load])
  return (
    <div className="section nexus-section" data-testid="nexus-section">
      <header className="section__header">
        <h1 className="section__title">Nexus</h1>
        <span className="section__subtitle">The append-only log your agents share</span>
        <NexusComposer />
        <ChainStatus />
      </header>
      <NexusPostedNotice />
      {error !== null && (
        <Banner tone="danger" title="The Nexus could not be read" data-testid="nexus-error">
          {error}
        </Banner>
      )}
      <ConflictsPanel />
      {view === 'lanes' ? (
        <LanesView />
      ) : (
        <div className="nexus-columns">
          <Timeline />
          <Panel className="nexus-side" title={<SideTabs tab={tab} onChange={setTab} />}>
            {tab === 'decisions' && <DecisionLog />}
            {tab === 'checkpoints' && <CheckpointList />}
            {tab === 'state' && <ProjectStateEditor />}
          </Panel>
        </div>
      )}
    </div>
  )
}
