import type { NexusConflict, NexusEntry, NexusEntryType } from '../../../../shared/contract'

/** One column of the lanes view: an author and the channels its entries came from. */
export interface Lane {
  readonly author: string
  /** desktop, cli, mcp:<client>… in the order first seen. */
  readonly channels: readonly string[]
  readonly count: number
}

/** One entry placed in its author's column. */
export interface LaneCell {
  readonly lane: number
  readonly entry: NexusEntry
}

/**
 * A horizontal band of entries. Every entry of a row has a lower seq than every entry of the next
 * row, so reading top to bottom is reading the log in order; entries side by side in a row were
 * written close together by different authors, none answering another of the same row.
 */
export interface LaneRow {
  readonly firstSeq: number
  readonly ts: number
  readonly cells: readonly LaneCell[]
}

/** An entry that points back at another: the arrow from an ack or resolution to what it answers. */
export interface Backlink {
  readonly seq: number
  readonly agent: string
  readonly type: NexusEntryType
}

export interface LanesModel {
  readonly lanes: readonly Lane[]
  readonly rows: readonly LaneRow[]
  /** For each shown seq, the shown entries that reference it, oldest first. */
  readonly backlinks: ReadonlyMap<number, readonly Backlink[]>
  /** For each decision in an unresolved conflict, the seqs of the decisions it clashes with. */
  readonly conflictsWith: ReadonlyMap<number, readonly number[]>
}

/** Entries further apart than this start a new row even when their lanes are free. */
export const ROW_SPAN_MS = 15 * 60_000

/** Lanes in order of each author's first entry, so a conversation reads left to right as it began. */
export function lanesOf(entries: readonly NexusEntry[]): Lane[] {
  const lanes = new Map<string, { channels: string[]; count: number }>()
  for (const entry of entries) {
    const lane = lanes.get(entry.agent) ?? { channels: [], count: 0 }
    if (!lane.channels.includes(entry.channel)) lane.channels.push(entry.channel)
    lane.count++
    lanes.set(entry.agent, lane)
  }
  return [...lanes].map(([author, lane]) => ({ author, channels: lane.channels, count: lane.count }))
}

/**
 * Packs entries (ascending seq) into rows: an entry joins the current row unless its author
 * already has a cell there, it references an entry of that row, or the row began more than
 * `spanMs` earlier. Dense enough to compare authors at a glance, and never out of order.
 */
export function packRows(
  entries: readonly NexusEntry[],
  laneIndex: ReadonlyMap<string, number>,
  spanMs = ROW_SPAN_MS
): LaneRow[] {
  const rows: LaneRow[] = []
  let cells: LaneCell[] = []
  const flush = (): void => {
    const first = cells[0]
    if (first) rows.push({ firstSeq: first.entry.seq, ts: first.entry.ts, cells })
    cells = []
  }
  for (const entry of entries) {
    const lane = laneIndex.get(entry.agent) ?? 0
    const first = cells[0]
    const clash =
      first !== undefined &&
      (cells.some((cell) => cell.lane === lane || entry.refs.includes(cell.entry.seq)) ||
        entry.ts - first.entry.ts > spanMs)
    if (clash) flush()
    cells.push({ lane, entry })
  }
  flush()
  return rows
}

function backlinksOf(entries: readonly NexusEntry[]): Map<number, Backlink[]> {
  const shown = new Set(entries.map((entry) => entry.seq))
  const links = new Map<number, Backlink[]>()
  for (const entry of entries) {
    for (const ref of entry.refs) {
      if (!shown.has(ref)) continue
      links.set(ref, [...(links.get(ref) ?? []), { seq: entry.seq, agent: entry.agent, type: entry.type }])
    }
  }
  return links
}

function conflictMap(conflicts: readonly NexusConflict[]): Map<number, number[]> {
  const map = new Map<number, number[]>()
  const add = (from: number, to: number): void => void map.set(from, [...(map.get(from) ?? []), to])
  for (const conflict of conflicts) {
    if (conflict.resolvedBy !== null) continue
    add(conflict.first.seq, conflict.second.seq)
    add(conflict.second.seq, conflict.first.seq)
  }
  return map
}

/** Everything the lanes view draws, from the timeline's entries (ascending seq) and the open conflicts. */
export function buildLanes(
  entries: readonly NexusEntry[],
  conflicts: readonly NexusConflict[],
  spanMs = ROW_SPAN_MS
): LanesModel {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq)
  const lanes = lanesOf(ordered)
  const laneIndex = new Map(lanes.map((lane, index) => [lane.author, index]))
  return {
    lanes,
    rows: packRows(ordered, laneIndex, spanMs),
    backlinks: backlinksOf(ordered),
    conflictsWith: conflictMap(conflicts)
  }
}

/** How a reference reads from the entry that makes it: an ack acknowledges, a resolution resolves. */
export function refVerb(type: NexusEntryType): string {
  if (type === 'ack') return 'acks'
  if (type === 'resolution') return 'resolves'
  if (type === 'handoff') return 'hands off'
  return 'refs'
}

/** How a reference reads from the entry it points at. */
export function backlinkVerb(type: NexusEntryType): string {
  if (type === 'ack') return 'acked by'
  if (type === 'resolution') return 'resolved by'
  if (type === 'handoff') return 'handed off in'
  return 'cited by'
}
