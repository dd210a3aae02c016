import type {
  NexusCursor,
  NexusEntry,
  NexusEntryType,
  NexusVerifyProgress,
  NexusVerifyReport
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** The timeline's filters; empty means "all". */
export interface NexusFilter {
  readonly agent: string
  readonly type: NexusEntryType | ''
  readonly search: string
}

/** The log as one list, or as one column per author. */
export type NexusView = 'timeline' | 'lanes'

/** How many entries the timeline shows (newest). */
export const TIMELINE_LIMIT = 300
/** Live arrivals keep at most this many entries in memory; older ones are a "Load older" away. */
const LIVE_CAP = 1000
/** Opening the Nexus checks the chain again when its last check is older than this. */
const CHAIN_RECHECK_MS = 5 * 60_000

/** The Nexus section's state: the timeline, decision log, checkpoints, conflicts and chain status. */
export interface NexusSlice {
  readonly nexusEntries: readonly NexusEntry[]
  readonly nexusTotal: number
  readonly nexusFilter: NexusFilter
  /** Every author seen, for the agent filter. */
  readonly nexusAuthors: readonly string[]
  readonly nexusDecisions: readonly NexusEntry[]
  readonly nexusCheckpoints: readonly NexusEntry[]
  readonly nexusChain: NexusVerifyReport | null
  /** How far the running verify has come; null while none runs. */
  readonly nexusVerifying: NexusVerifyProgress | null
  readonly nexusTailSeq: number
  readonly nexusError: string | null
  readonly nexusLoaded: boolean
  /**
   * The log's seq up to which the loaded lists are known complete: set by a full load, carried
   * forward by live appends that follow on without a gap. Null when they must be read again (a
   * gap, a reconnect, a failed load). Opening the Nexus again at this tail reads nothing again.
   */
  readonly nexusFreshTo: number | null
  /** When the shown chain report was taken (ms since the epoch). */
  readonly nexusChainAt: number
  readonly nexusView: NexusView
  /** Read cursors and unread counts of the authors seen (for the lane headers). */
  readonly nexusCursors: readonly NexusCursor[]
  readonly setNexusView: (view: NexusView) => void
  readonly loadNexusCursors: () => Promise<void>
  readonly loadNexus: () => Promise<void>
  /** At app start: live updates on, and the conflicts for the sidebar badge (no full load, no verify). */
  readonly startNexus: () => Promise<void>
  /** Prepends the page of entries before the oldest one shown. */
  readonly loadOlderNexus: () => Promise<void>
  readonly setNexusFilter: (patch: Partial<NexusFilter>) => void
  /** Recomputes every entry; with `resume` (the view's own checks) goes on from the last good check. */
  readonly verifyNexus: (resume?: boolean) => Promise<void>
  /** `nexus.verifyProgress` while a verify this window asked for runs. */
  readonly receiveNexusVerifyProgress: (progress: NexusVerifyProgress) => void
  readonly resolveNexusConflict: (first: number, second: number, summary: string) => Promise<ActionResult>
  /** `nexus.appended` from this or another process (the app, the CLI, MCP clients). */
  readonly receiveNexusAppended: (entries: readonly NexusEntry[]) => void
}

export function matchesFilter(entry: NexusEntry, filter: NexusFilter): boolean {
  if (filter.agent !== '' && entry.agent !== filter.agent) return false
  if (filter.type !== '' && entry.type !== filter.type) return false
  const needle = filter.search.trim().toLowerCase()
  return (
    needle === '' ||
    `${entry.summary} ${entry.body ?? ''} ${entry.rationale ?? ''}`.toLowerCase().includes(needle)
  )
}

/** The filter as `nexus.list` input: empty fields are left out. */
function filterInput(filter: NexusFilter): { agent?: string; type?: NexusEntryType; search?: string } {
  return {
    ...(filter.agent !== '' ? { agent: filter.agent } : {}),
    ...(filter.type !== '' ? { type: filter.type } : {}),
    ...(filter.search.trim() !== '' ? { search: filter.search.trim() } : {})
  }
}

/** The same entries in the same order: seq and hash fix an entry's content, since the log is append-only. */
export function sameEntries(shown: readonly NexusEntry[], loaded: readonly NexusEntry[]): boolean {
  return (
    shown.length === loaded.length &&
    shown.every((entry, index) => entry.seq === loaded[index]?.seq && entry.hash === loaded[index]?.hash)
  )
}

/** The chain is checked again on opening when never checked, broken, or checked too long ago. */
function chainDue(state: NexusSlice): boolean {
  return state.nexusChain?.ok !== true || Date.now() - state.nexusChainAt > CHAIN_RECHECK_MS
}

/** Where the lists stay complete after these appends: further on when they follow on, null after a gap. */
function freshAfter(upTo: number | null, seqs: readonly number[]): number | null {
  if (upTo === null || seqs.length === 0) return upTo
  return Math.min(...seqs) <= upTo + 1 ? Math.max(upTo, ...seqs) : null
}

function mergeAuthors(authors: readonly string[], entries: readonly NexusEntry[]): readonly string[] {
  const next = new Set(authors)
  for (const entry of entries) next.add(entry.agent)
  return next.size === authors.length ? authors : [...next].sort()
}

export function createNexusSlice(api: ApiClient): SliceCreator<NexusSlice> {
  // Only the newest timeline request may update the list (typing in search fires several).
  let latest = 0
  // New entries are re-verified once a burst of appends has settled, not once per entry.
  let verifyTimer: ReturnType<typeof setTimeout> | undefined
  // Unread counts follow a burst of appends once, shortly after it.
  let cursorTimer: ReturnType<typeof setTimeout> | undefined
  const loadTimeline = async (
    get: () => AppState,
    set: (patch: Partial<NexusSlice>) => void
  ): Promise<void> => {
    const request = ++latest
    const result = await api.call('nexus.list', { limit: TIMELINE_LIMIT, ...filterInput(get().nexusFilter) })
    if (request === latest)
      set({
        // A reload that found nothing new keeps the list itself, so the views built on it are not redrawn.
        nexusEntries: sameEntries(get().nexusEntries, result.entries) ? get().nexusEntries : result.entries,
        nexusTotal: result.total,
        nexusAuthors: mergeAuthors(get().nexusAuthors, result.entries)
      })
  }
  const loadSideLists = async (
    get: () => AppState,
    set: (patch: Partial<NexusSlice>) => void
  ): Promise<void> => {
    const [decisions, checkpoints] = await Promise.all([
      api.call('nexus.decisions', { limit: 200 }),
      api.call('nexus.checkpoints', {}),
      get().loadNexusConflicts()
    ])
    set({
      nexusDecisions: decisions.entries,
      nexusCheckpoints: checkpoints.entries,
      nexusAuthors: mergeAuthors(get().nexusAuthors, [...decisions.entries, ...checkpoints.entries])
    })
  }
  return (set, get) => ({
    nexusEntries: [],
    nexusTotal: 0,
    nexusFilter: { agent: '', type: '', search: '' },
    nexusAuthors: [],
    nexusDecisions: [],
    nexusCheckpoints: [],
    nexusChain: null,
    nexusVerifying: null,
    nexusTailSeq: 0,
    nexusError: null,
    nexusLoaded: false,
    nexusFreshTo: null,
    nexusChainAt: 0,
    nexusView: 'timeline',
    nexusCursors: [],
    setNexusView(view) {
      set({ nexusView: view })
    },
    async loadNexusCursors() {
      const agents = get().nexusAuthors
      try {
        const cursors =
          agents.length === 0 ? [] : (await api.call('nexus.cursors', { agents: [...agents] })).cursors
        // Unchanged counts keep the list itself, so the lane headers are not redrawn.
        if (JSON.stringify(cursors) !== JSON.stringify(get().nexusCursors)) set({ nexusCursors: cursors })
      } catch (error) {
        set({ nexusError: errorMessage(error) })
      }
    },
    async loadNexus() {
      try {
        const watch = await api.call('nexus.watch', {})
        const before = get()
        // Opened again with nothing appended since the lists were read (live appends keep them):
        // only the read cursors, which move without appends, are read again.
        const current =
          before.nexusLoaded && before.nexusError === null && (before.nexusFreshTo ?? -1) >= watch.tailSeq
        set({ nexusTailSeq: watch.tailSeq, ...(current ? {} : { nexusFreshTo: null }) })
        // The check runs beside the lists, which do not wait for it: over a long log it takes seconds.
        if (!current || chainDue(before)) void get().verifyNexus(true)
        if (!current) await Promise.all([loadTimeline(get, set), loadSideLists(get, set)])
        await get().loadNexusCursors()
        set({
          nexusError: null,
          nexusLoaded: true,
          nexusFreshTo: current ? get().nexusFreshTo : watch.tailSeq
        })
      } catch (error) {
        set({ nexusError: errorMessage(error), nexusLoaded: true, nexusFreshTo: null })
      }
    },
    async startNexus() {
      try {
        const watch = await api.call('nexus.watch', {})
        // Also after a reconnect: appends made while away were not received, so the lists are read again.
        set({ nexusTailSeq: watch.tailSeq, nexusFreshTo: null })
        await get().loadNexusConflicts()
      } catch (error) {
        set({ nexusError: errorMessage(error) })
      }
    },
    async loadOlderNexus() {
      const { nexusEntries, nexusFilter } = get()
      const oldest = nexusEntries[0]?.seq
      if (oldest === undefined || oldest <= 1) return
      try {
        const page = await api.call('nexus.list', {
          ...filterInput(nexusFilter),
          before: oldest,
          limit: TIMELINE_LIMIT
        })
        set((state) => ({ nexusEntries: [...page.entries, ...state.nexusEntries] }))
      } catch (error) {
        set({ nexusError: errorMessage(error) })
      }
    },
    setNexusFilter(patch) {
      set((state) => ({ nexusFilter: { ...state.nexusFilter, ...patch } }))
      loadTimeline(get, set).catch((error: unknown) => set({ nexusError: errorMessage(error) }))
    },
    async verifyNexus(resume = false) {
      set({ nexusVerifying: { done: 0, total: get().nexusTailSeq } })
      try {
        set({
          nexusChain: await api.call('nexus.verify', resume ? { resume } : {}),
          nexusChainAt: Date.now()
        })
      } catch (error) {
        set({ nexusError: errorMessage(error) })
      } finally {
        set({ nexusVerifying: null })
      }
    },
    receiveNexusVerifyProgress(progress) {
      if (get().nexusVerifying !== null) set({ nexusVerifying: progress })
    },
    async resolveNexusConflict(first, second, summary) {
      try {
        await api.call('nexus.resolve', { first, second, summary })
        await loadSideLists(get, set)
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    receiveNexusAppended(entries) {
      const state = get()
      const known = new Set(state.nexusEntries.map((entry) => entry.seq))
      const fresh = entries.filter(
        (entry) => !known.has(entry.seq) && matchesFilter(entry, state.nexusFilter)
      )
      const seqs = entries.map((entry) => entry.seq)
      const tail = Math.max(state.nexusTailSeq, ...seqs)
      set({
        nexusFreshTo: freshAfter(state.nexusFreshTo, seqs),
        nexusEntries: [...state.nexusEntries, ...fresh].slice(-LIVE_CAP),
        nexusTotal: state.nexusTotal + fresh.length,
        nexusAuthors: mergeAuthors(state.nexusAuthors, entries),
        nexusTailSeq: tail
      })
      if (verifyTimer !== undefined) clearTimeout(verifyTimer)
      verifyTimer = setTimeout(() => {
        verifyTimer = undefined
        void get().verifyNexus(true)
      }, 2000)
      if (cursorTimer !== undefined) clearTimeout(cursorTimer)
      cursorTimer = setTimeout(() => {
        cursorTimer = undefined
        void get().loadNexusCursors()
      }, 300)
      if (entries.some((entry) => ['decision', 'checkpoint', 'resolution'].includes(entry.type))) {
        loadSideLists(get, set).catch((error: unknown) => set({ nexusError: errorMessage(error) }))
      }
    }
  })
}

export const selectNexusEntries = (state: AppState): readonly NexusEntry[] => state.nexusEntries
export const selectNexusFilter = (state: AppState): NexusFilter => state.nexusFilter
export const selectNexusAuthors = (state: AppState): readonly string[] => state.nexusAuthors
export const selectNexusDecisions = (state: AppState): readonly NexusEntry[] => state.nexusDecisions
export const selectNexusCheckpoints = (state: AppState): readonly NexusEntry[] => state.nexusCheckpoints
export const selectNexusChain = (state: AppState): NexusVerifyReport | null => state.nexusChain
export const selectNexusVerifying = (state: AppState): NexusVerifyProgress | null => state.nexusVerifying
export const selectNexusTailSeq = (state: AppState): number => state.nexusTailSeq
export const selectNexusView = (state: AppState): NexusView => state.nexusView
export const selectNexusCursors = (state: AppState): readonly NexusCursor[] => state.nexusCursors
