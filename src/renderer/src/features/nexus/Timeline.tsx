import { useEffect, useRef, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { useSourceFocus } from '../search/useSourceFocus'
import { EntryCard } from './EntryCard'
import { selectNexusEntries } from './nexusSlice'
import type { NexusEntry } from '../../../../shared/contract'
import { TimelineFilters } from './TimelineFilters'
import { ViewToggle } from './ViewToggle'

/** Every entry, oldest at the top and newest at the bottom, kept scrolled to the newest as entries arrive live. */
export function Timeline(): ReactNode {
  const entries = useAppStore(useShallow(selectNexusEntries))
  const total = useAppStore((state) => state.nexusTotal)
  const loadOlder = useAppStore((state) => state.loadOlderNexus)
  const end = useRef<HTMLDivElement>(null)
  const newest = entries.at(-1)?.seq
  const sought = useAppStore((state) => (state.sourceFocus?.kind === 'nexus' ? state.sourceFocus.seq : null))
  useEffect(() => {
    // An entry opened from search is scrolled to instead (by its card).
    if (sought === null) end.current?.scrollIntoView({ block: 'nearest' })
  }, [newest, sought])
  const oldest = entries[0]?.seq
  useEffect(() => {
    // The entry opened from search is older than those loaded: load pages until it is there.
    if (sought !== null && oldest !== undefined && oldest > sought && oldest > 1) void loadOlder()
  }, [sought, oldest, loadOlder])
  const shown =
    total > entries.length
      ? `newest ${entries.length} of ${total}`
      : `${total} ${total === 1 ? 'entry' : 'entries'}`
  return (
    <Panel
      title={<ViewToggle />}
      actions={<span className="muted">{shown}</span>}
      className="nexus-timeline"
      data-testid="nexus-timeline"
    >
      <TimelineFilters />
      {entries.length === 0 ? (
        <EmptyState title="Nothing here yet">
          Agents post here with the nexus_post tool, after each session, and from{' '}
          <code>hearth nexus post</code> or MCP clients.
        </EmptyState>
      ) : (
        <div className="nexus-timeline__list" role="feed" aria-busy="false">
          {entries.length < total && (entries[0]?.seq ?? 1) > 1 && (
            <Button
              size="small"
              variant="ghost"
              onClick={() => void loadOlder()}
              data-testid="nexus-load-older"
            >
              Load older entries
            </Button>
          )}
          {entries.map((entry) => (
            <TimelineEntry key={entry.seq} entry={entry} />
          ))}
          <div ref={end} />
        </div>
      )}
    </Panel>
  )
}

/** One entry of the timeline, marked and scrolled to when a search hit opened it. */
function TimelineEntry({ entry }: Readonly<{ entry: NexusEntry }>): ReactNode {
  const { ref, focused } = useSourceFocus<HTMLDivElement>(
    (focus) => focus.kind === 'nexus' && focus.seq === entry.seq
  )
  return (
    <div ref={ref}>
      <EntryCard entry={entry} highlighted={focused} />
    </div>
  )
}
