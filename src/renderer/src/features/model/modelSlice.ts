import type { ConnectionReport, ModelInfo } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** The model table (for the picker) and the last Test connection result. */
export interface ModelSlice {
  readonly modelTable: readonly ModelInfo[]
  readonly connectionTest: {
    readonly running: boolean
    readonly report: ConnectionReport | null
    readonly error: string | null
  }
  readonly loadModelTable: () => Promise<void>
  readonly testModelConnection: () => Promise<void>
  readonly clearConnectionTest: () => void
}

const IDLE = { running: false, report: null, error: null } as const

export function createModelSlice(api: ApiClient): SliceCreator<ModelSlice> {
  return (set, get) => ({
    modelTable: [],
    connectionTest: IDLE,
    async loadModelTable() {
      if (get().modelTable.length > 0) return
      try {
        set({ modelTable: await api.call('models.list', {}) })
      } catch {
        // The picker then offers only the custom entry; the field still takes any model id.
      }
    },
    async testModelConnection() {
      set({ connectionTest: { running: true, report: null, error: null } })
      try {
        const report = await api.call('models.testConnection', {})
        set({ connectionTest: { running: false, report, error: null } })
      } catch (error) {
        set({ connectionTest: { running: false, report: null, error: errorMessage(error) } })
      }
    },
    clearConnectionTest: () => set({ connectionTest: IDLE })
  })
}

export const selectModelTable = (state: AppState): readonly ModelInfo[] => state.modelTable
export const selectConnectionTest = (state: AppState): ModelSlice['connectionTest'] => state.connectionTest
