import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { selectSelectedAgent } from '../agents/agentsSlice'
import { EntriesPanel } from './EntriesPanel'
import { FactsPanel } from './FactsPanel'
import { ForgottenNotice } from './ForgottenNotice'
import { ForgottenPanel } from './ForgottenPanel'
import { MemoryFilesPanel } from './MemoryFilesPanel'
import { PinnedNotice } from './PinnedNotice'
import { selectMemoriesView } from './memoriesSlice'
import { MemoriesTabPanel, MemoriesTabs } from './MemoriesTabs'
import { MemoryWritesPanel } from './MemoryWritesPanel'
import { selectMemoriesTab } from './memoryWritesSlice'
import './memories.css'

/** The search box: every word must appear, any case; the core filters all four lists at once. */
function MemoriesSearch(): ReactNode {
  const { query, setQuery } = useAppStore(
    useShallow((s) => ({ query: s.memoriesQuery, setQuery: s.setMemoriesQuery }))
  )
  const [text, setText] = useState(query)
  useEffect(() => {
    if (text === query) return
    const timer = setTimeout(() => void setQuery(text), 200)
    return () => clearTimeout(timer)
  }, [text, query, setQuery])
  return (
    <input
      className="input memories-search"
      type="search"
      placeholder="Search memories…"
      aria-label="Search memories"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  )
}

/**
 * Memories: everything the selected agent remembers, in one place — approved facts (with the
 * chat message each came from), memory files, and the entries of MEMORY.md and USER.md — with
 * search, edit, Forget (kept, restorable) and Restore.
 */
export function MemoriesSection(): ReactNode {
  const agent = useAppStore(selectSelectedAgent)
  const tab = useAppStore(selectMemoriesTab)
  const { load, loadWrites, error } = useAppStore(
    useShallow((s) => ({ load: s.loadMemories, loadWrites: s.loadMemoryWrites, error: s.memoriesError }))
  )
  useEffect(() => {
    void load()
    if (tab === 'writes') void loadWrites()
  }, [load, loadWrites, tab, agent?.id])
  return (
    <div className="section memories-section" data-testid="memories-section">
      <header className="section__header">
        <h1 className="section__title">Memories</h1>
        <span className="section__subtitle">
          {agent ? `What ${agent.name} remembers` : 'Pick an agent first'}
        </span>
        {tab === 'memories' && <MemoriesSearch />}
      </header>
      {error !== null && (
        <Banner tone="danger" title="The memories could not be read">
          {error}
        </Banner>
      )}
      <MemoriesTabs />
      <MemoriesTabPanel>{tab === 'writes' ? <MemoryWritesPanel /> : <MemoriesLists />}</MemoriesTabPanel>
    </div>
  )
}

/** Everything the agent remembers now: facts, MEMORY.md and USER.md entries, memory files, the forgotten. */
function MemoriesLists(): ReactNode {
  const view = useAppStore(selectMemoriesView)
  const loadMore = useAppStore((s) => s.loadMoreMemoryFacts)
  // Kept across renders, so the panels a page of facts leaves unchanged are not drawn again.
  const moreApproved = useCallback(() => void loadMore('approved'), [loadMore])
  const moreForgotten = useCallback(() => void loadMore('forgotten'), [loadMore])
  const empty = view?.query ? 'Nothing here matches your search.' : null
  return (
    <>
      <PinnedNotice />
      <ForgottenNotice />
      {view !== null && (
        <>
          <FactsPanel
            facts={view.facts}
            pins={view.pins}
            total={view.factsTotal}
            more={view.next !== null}
            onReachEnd={moreApproved}
            empty={
              empty ??
              'No approved facts yet. When a session ends, candidates wait in Review; the ones you approve appear here.'
            }
          />
          <EntriesPanel view={view.memory} empty={empty ?? 'MEMORY.md has no entries yet.'} />
          <EntriesPanel view={view.user} empty={empty ?? 'USER.md has no entries yet.'} />
          <MemoryFilesPanel
            files={view.files}
            empty={
              empty ??
              'No memory files yet. Pin a fact into a memory file of its own (Pin… on a fact), or add a .md file to the memories folder.'
            }
          />
          <ForgottenPanel forgotten={view.forgotten} onMore={moreForgotten} />
        </>
      )}
    </>
  )
}
