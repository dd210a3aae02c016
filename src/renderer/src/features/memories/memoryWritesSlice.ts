import type { MemoryWrite } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** What Memories shows: everything the agent remembers, or the list of its memory writes. */
export type MemoriesTab = 'memories' | 'writes'

/** Memories → Writes: every memory write of the selected agent with its receipt and Undo. */
export interface MemoryWritesSlice {
  readonly memoriesTab: MemoriesTab
  readonly memoryWrites: readonly MemoryWrite[]
  readonly memoryWritesLoaded: boolean
  readonly memoryWritesError: string | null
  /** Counts the loads: each one redraws the receipts, so a refusal that no longer holds is not left on screen. */
  readonly memoryWritesVersion: number
  readonly showMemoriesTab: (tab: MemoriesTab) => void
  readonly loadMemoryWrites: () => Promise<void>
  /** `memory.written` / `memory.undone`: the list follows while it is shown. */
  readonly receiveMemoryWritesChanged: () => void
}

/** How many writes the list shows (newest). */
export const MEMORY_WRITES_LIMIT = 200

export function createMemoryWritesSlice(api: ApiClient): SliceCreator<MemoryWritesSlice> {
  return (set, get) => ({
    memoriesTab: 'memories',
    memoryWrites: [],
    memoryWritesLoaded: false,
    memoryWritesError: null,
    memoryWritesVersion: 0,
    showMemoriesTab(tab) {
      set({ memoriesTab: tab })
      if (tab === 'writes') void get().loadMemoryWrites()
    },
    async loadMemoryWrites() {
      const agentId = get().selectedAgentId
      if (agentId === null) return
      try {
        const { writes } = await api.call('memories.writes', { agentId, limit: MEMORY_WRITES_LIMIT })
        // An answer for an agent the user has left behind is dropped.
        if (get().selectedAgentId === agentId)
          set((state) => ({
            memoryWrites: writes,
            memoryWritesLoaded: true,
            memoryWritesError: null,
            memoryWritesVersion: state.memoryWritesVersion + 1
          }))
      } catch (error) {
        set({ memoryWritesError: errorMessage(error), memoryWritesLoaded: true })
      }
    },
    receiveMemoryWritesChanged() {
      if (get().memoriesTab === 'writes') void get().loadMemoryWrites()
    }
  })
}

export const selectMemoriesTab = (state: AppState): MemoriesTab => state.memoriesTab
export const selectMemoryWrites = (state: AppState): readonly MemoryWrite[] => state.memoryWrites
