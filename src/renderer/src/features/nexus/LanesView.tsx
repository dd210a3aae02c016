import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { LaneFocusContext, useLaneFocusState } from './laneFocus'
import { LaneHeaders } from './LaneHeaders'
import { LaneRows } from './LaneRows'
import { estimateRowPx } from './laneHeights'
import { buildLanes } from './lanes'
import { selectNexusLaneConflicts } from './nexusConflictsSlice'
import { selectNexusEntries } from './nexusSlice'
import { selectNexusAcks } from './nexusTeamSlice'
import { TimelineFilters } from './TimelineFilters'
import { ViewToggle } from './ViewToggle'

/** Bands drawn beyond the visible ones, so a short log is drawn whole and scrolling shows no gap. */
const OVERSCAN_ROWS = 6

/**
 * The log as one column per author (Hearth agents, the user, MCP clients), in log order from
 * top to bottom: who said what when, which entries answer which, and where decisions clash.
 * Columns keep a readable width and scroll sideways when there are many authors.
 */
export function LanesView(): ReactNode {
  const entries = useAppStore(useShallow(selectNexusEntries))
  const conflicts = useAppStore(useShallow(selectNexusLaneConflicts))
  const acks = useAppStore(selectNexusAcks)
  const total = useAppStore((state) => state.nexusTotal)
  const loadOlder = useAppStore((state) => state.loadOlderNexus)
  const loadCursors = useAppStore((state) => state.loadNexusCursors)
  const loadAcks = useAppStore((state) => state.loadNexusAcks)
  const loadConflicts = useAppStore((state) => state.loadLaneConflicts)
  const scroller = useRef<HTMLDivElement>(null)
  const model = useMemo(() => buildLanes(entries, conflicts), [entries, conflicts])
  const rowCount = model.rows.length
  // Each band's height before it is measured, from its cards (a band measured keeps its measure).
  const estimates = useMemo(() => {
    const awaiting = new Map(acks.map((status) => [status.seq, status.awaiting.length]))
    return model.rows.map((row) => estimateRowPx(row, model, (seq) => awaiting.get(seq) ?? 0))
  }, [model, acks])
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: useCallback((index: number) => estimates[index] ?? 0, [estimates]),
    overscan: OVERSCAN_ROWS,
    // The lanes open at the newest entries, so the first frame already draws them.
    initialOffset: () => estimates.reduce((sum, height) => sum + height, 0),
    getItemKey: useCallback((index: number) => model.rows[index]?.firstSeq ?? index, [model])
  })
  // An entry not drawn (far from the view) is brought into view by its row first.
  const reveal = useCallback(
    (seq: number) => {
      const index = model.rows.findIndex((row) => row.cells.some((cell) => cell.entry.seq === seq))
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' })
    },
    [model, virtualizer]
  )
  const focus = useLaneFocusState(scroller, reveal)
  const loaded = useMemo(() => new Set(entries.map((entry) => entry.seq)), [entries])
  const newest = entries.at(-1)?.seq
  const decisions = useMemo(
    () => entries.filter((entry) => entry.type === 'decision').map((entry) => entry.seq),
    [entries]
  )
  // Only the entries loaded here can show who has not acknowledged them.
  const asking = useMemo(
    () =>
      entries
        .filter((entry) => entry.type === 'decision' || entry.type === 'handoff')
        .map((entry) => entry.seq),
    [entries]
  )
  useEffect(() => {
    void loadConflicts(decisions)
  }, [loadConflicts, decisions])
  useEffect(() => {
    void loadAcks(asking)
  }, [loadAcks, asking])
  useEffect(() => {
    void loadCursors()
  }, [loadCursors])
  // Follow the newest entry inside the lanes only: the page itself stays where the user left it.
  // Only a new newest entry moves the view; more rows above (older ones loaded) do not.
  useEffect(() => {
    const count = virtualizer.options.count
    if (newest !== undefined && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' })
  }, [newest, virtualizer])
  const authors = model.lanes.length
  // Every band is its own grid of these columns, so they line up under the headers.
  const columns: CSSProperties & Record<'--lanes-columns', string> = {
    '--lanes-columns': `var(--lane-gutter) repeat(${authors}, minmax(var(--lane-width), 1fr))`
  }
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
            <div className="lanes" style={columns} role="feed" aria-busy="false">
              <div className="lanes__corner" style={{ gridRow: 1, gridColumn: 1 }} />
              <LaneHeaders model={model} />
              <LaneRows model={model} loaded={loaded} virtualizer={virtualizer} />
            </div>
          </div>
        </LaneFocusContext.Provider>
      )}
    </Panel>
  )
}
