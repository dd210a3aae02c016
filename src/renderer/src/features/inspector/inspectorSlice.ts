import type { InspectedCall } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { SliceCreator } from '../../store/types'

export interface InspectorTarget {
  readonly sessionId: string
  readonly turnId: string
}

/** The Inspector shows one turn of one session: every call's exact request, usage and miss reason. */
export interface InspectorSlice {
  readonly inspectorTarget: InspectorTarget | null
  readonly inspectorCalls: readonly InspectedCall[]
  readonly inspectorError: string | null
  readonly inspectTurn: (target: InspectorTarget) => Promise<void>
}

export function createInspectorSlice(api: ApiClient): SliceCreator<InspectorSlice> {
  return (set, get) => ({
    inspectorTarget: null,
    inspectorCalls: [],
    inspectorError: null,
    async inspectTurn(target) {
      set({ inspectorTarget: target, inspectorError: null })
      try {
        const { calls } = await api.call('inspector.turn', target)
        if (get().inspectorTarget === target) set({ inspectorCalls: calls })
      } catch (error) {
        set({ inspectorCalls: [], inspectorError: errorMessage(error) })
      }
    }
  })
}
