import type { NexusConflict, NexusConflictCursor } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** Conflicts the panel shows first, and adds each time the user asks for more. */
export const CONFLICT_PAGE = 10
/** The lanes' marks come in pages this large (the contract's largest). */
const LANE_PAGE = 200

/**
 * Conflicting decisions, read a page at a time: the panel's pages with the count of every open
 * pair (the sidebar badge), and, apart from them, the open pairs among the entries the lanes show
 * (their "conflicts with" marks), so neither reads every flag of a long log.
 */
export interface NexusConflictsSlice {
  /** The panel's pages, newest first. */
  readonly nexusConflicts: readonly NexusConflict[]
  /** Every open pair in the log, shown or not. */
  readonly nexusConflictTotal: number
  /** Where the next page starts; null when every open pair is shown. */
  readonly nexusConflictNext: NexusConflictCursor | null
  readonly nexusConflictsLoading: boolean
  /** The open pairs among the decisions the lanes show. */
  readonly nexusLaneConflicts: readonly NexusConflict[]
  /** The panel's first page and the count (again after a change); the lanes' marks too when shown. */
  readonly loadNexusConflicts: () => Promise<void>
  readonly loadMoreNexusConflicts: () => Promise<void>
  /**
   * The open pairs involving these decisions (the lanes' entries), every page of them. Asked
   * again for the same decisions while the Nexus lists are current, it reads nothing: every
   * change to them (a decision or resolution appended, a reconnect) reloads them already.
   */
  readonly loadLaneConflicts: (decisions: readonly number[]) => Promise<void>
}

/** The same entries asked about, in the same order. */
export function sameSeqs(asked: readonly number[], again: readonly number[]): boolean {
  return asked.length === again.length && asked.every((seq, at) => seq === again[at])
}

export function createNexusConflictsSlice(api: ApiClient): SliceCreator<NexusConflictsSlice> {
  // Only the newest request of each list may update it (appends and resolutions reload them).
  let latestPanel = 0
  let latestLanes = 0
  // The decisions the lanes asked about last, to refresh their marks after a change.
  let laneDecisions: readonly number[] | null = null
  // Whether the marks shown are the answer for `laneDecisions`.
  let lanesAnswered = false
  const lanePages = async (decisions: readonly number[]): Promise<NexusConflict[]> => {
    const found: NexusConflict[] = []
    let page = await api.call('nexus.conflicts', { among: [...decisions], limit: LANE_PAGE })
    found.push(...page.conflicts)
    while (page.next !== null) {
      page = await api.call('nexus.conflicts', { among: [...decisions], limit: LANE_PAGE, after: page.next })
      found.push(...page.conflicts)
    }
    return found
  }
  return (set, get) => {
    const refreshLanes = async (decisions: readonly number[]): Promise<void> => {
      laneDecisions = decisions
      lanesAnswered = false
      const request = ++latestLanes
      try {
        const found = decisions.length === 0 ? [] : await lanePages(decisions)
        if (request !== latestLanes) return
        lanesAnswered = true
        // An unchanged answer keeps the list itself, so the lanes built on it are not redrawn.
        if (JSON.stringify(found) !== JSON.stringify(get().nexusLaneConflicts))
          set({ nexusLaneConflicts: found })
      } catch (error) {
        set({ nexusError: errorMessage(error) })
      }
    }
    return {
      nexusConflicts: [],
      nexusConflictTotal: 0,
      nexusConflictNext: null,
      nexusConflictsLoading: false,
      nexusLaneConflicts: [],
      async loadNexusConflicts() {
        const request = ++latestPanel
        const page = await api.call('nexus.conflicts', { limit: CONFLICT_PAGE })
        if (request === latestPanel)
          set({
            nexusConflicts: page.conflicts,
            nexusConflictTotal: page.total,
            nexusConflictNext: page.next
          })
        if (laneDecisions !== null) await refreshLanes(laneDecisions)
      },
      async loadMoreNexusConflicts() {
        const after = get().nexusConflictNext
        if (after === null || get().nexusConflictsLoading) return
        const request = latestPanel
        set({ nexusConflictsLoading: true })
        try {
          const page = await api.call('nexus.conflicts', { limit: CONFLICT_PAGE * 2, after })
          if (request === latestPanel)
            set((state) => ({
              nexusConflicts: [...state.nexusConflicts, ...page.conflicts],
              nexusConflictTotal: page.total,
              nexusConflictNext: page.next
            }))
        } catch (error) {
          set({ nexusError: errorMessage(error) })
        } finally {
          set({ nexusConflictsLoading: false })
        }
      },
      async loadLaneConflicts(decisions) {
        if (
          laneDecisions !== null &&
          sameSeqs(laneDecisions, decisions) &&
          lanesAnswered &&
          get().nexusFreshTo !== null
        )
          return
        await refreshLanes(decisions)
      }
    }
  }
}

export const selectNexusConflicts = (state: AppState): readonly NexusConflict[] => state.nexusConflicts
export const selectNexusLaneConflicts = (state: AppState): readonly NexusConflict[] =>
  state.nexusLaneConflicts
export const selectNexusConflictCount = (state: AppState): number => state.nexusConflictTotal
