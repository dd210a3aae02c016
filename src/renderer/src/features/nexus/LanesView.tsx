import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { LaneFocusContext, useLaneFocusState } from './laneFocus'
import { LaneHeaders } from './LaneHeaders'
import { LaneRows } from './LaneRows'
import { buildLanes } from './lanes'
import { selectNexusLaneConflicts } from './nexusConflictsSlice'
import { selectNexusEntries } from './nexusSlice'
import { TimelineFilters } from './TimelineFilters'
import { ViewToggle } from './ViewToggle'

/**
 * The log as one column per author (Hearth agents, the user, MCP clients), in log order from
 * top to bottom: who said what when, which entries answer which, and where decisions clash.
 * Columns keep a readable width and scroll sideways when there are many authors.
 */
export function LanesView(): ReactNode {
  const entries = useAppStore(useShallow(selectNexusEntries))
  const conflicts = useAppStore(useShallow(selectNexusLaneConflicts))
  const total = useAppStore((state) => state.nexusTotal)
  const loadOlder = useAppStore((state) => state.loadOlderNexus)
  const loadCursors = useAppStore((state) => state.loadNexusCursors)
  const loadAcks = useAppStore((state) => state.loadNexusAcks)
  const loadConflicts = useAppStore((state) => state.loadLaneConflicts)
  const scroller = useRef<HTMLDivElement>(null)
  const focus = useLaneFocusState(scroller)
  const model = useMemo(() => buildLanes(entries, conflicts), [entries, conflicts])
  const loaded = useMemo(() => new Set(entries.map((entry) => entry.seq)), [entries])
  const newest = entries.at(-1)?.seq
  const decisions = useMemo(
    () => entries.filter((entry) => entry.type === 'decision').map((entry) => entry.seq),
    [entries]
  )
  useEffect(() => {
    void loadConflicts(decisions)
  }, [loadConflicts, decisions])
  useEffect(() => {
    void loadCursors()
    void loadAcks()
  }, [loadCursors, loadAcks])
  // Follow the newest entry inside the lanes only: the page itself stays where the user left it.
  useEffect(() => {
    const element = scroller.current
    if (element) element.scrollTop = element.scrollHeight
  }, [newest])
  const authors = model.lanes.length
  const shown = `${total > entries.length ? `newest ${entries.length} of ${total}` : `${total} ${total === 1 ? 'entry' : 'entries'}`} · ${authors} ${authors === 1 ? 'author' : 'authors'}`
  return (
    <Panel
      title={<ViewToggle />}
      actions={<span className="muted">{shown}</span>}
      className="nexus-lanes"
      data-testid="nexus-lanes"
    >
      <TimelineFilters />
      {entries.length === 0 ? (
        <EmptyState title="Nothing here yet">
          Each author who posts to the Nexus gets a column here.
        </EmptyState>
      ) : (
        <LaneFocusContext.Provider value={focus}>
          <div className="lanes__scroll" ref={scroller}>
            {entries.length < total && (entries[0]?.seq ?? 1) > 1 && (
              <Button
                size="small"
                variant="ghost"
                className="lanes__older"
                onClick={() => void loadOlder()}
                data-testid="nexus-load-older"
              >
                Load older entries
              </Button>
            )}
            <div
              className="lanes"
              style={{
                gridTemplateColumns: `var(--lane-gutter) repeat(${authors}, minmax(var(--lane-width), 1fr))`
              }}
              role="feed"
              aria-busy="false"
            >
              <div className="lanes__corner" style={{ gridRow: 1, gridColumn: 1 }} />
              <LaneHeaders model={model} />
              <LaneRows model={model} loaded={loaded} />
            </div>
          </div>
        </LaneFocusContext.Provider>
      )}
    </Panel>
  )
}
