import type { InspectedCall, SessionId, TurnId } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

export interface InspectorTarget {
  readonly sessionId: SessionId
  readonly turnId: TurnId
}

/**
 * The Inspector shows one turn of the chat open in Chat: every call's exact request, usage and
 * miss reason. It never shows another chat's calls: a target left over from another agent or
 * chat is not drawn, and opening the Inspector there picks that chat's latest turn instead.
 */
export interface InspectorSlice {
  readonly inspectorTarget: InspectorTarget | null
  /** The calls loaded for `inspectorTarget` (empty while they load). */
  readonly inspectorCalls: readonly InspectedCall[]
  readonly inspectorError: string | null
  readonly inspectTurn: (target: InspectorTarget) => Promise<void>
  /** When the target is not a turn of the open chat: inspect that chat's latest turn (or nothing). */
  readonly followOpenChat: () => Promise<void>
}

export function createInspectorSlice(api: ApiClient): SliceCreator<InspectorSlice> {
  return (set, get) => ({
    inspectorTarget: null,
    inspectorCalls: [],
    inspectorError: null,
    async inspectTurn(target) {
      set({ inspectorTarget: target, inspectorCalls: [], inspectorError: null })
      try {
        const { calls } = await api.call('inspector.turn', target)
        if (get().inspectorTarget === target) set({ inspectorCalls: calls })
      } catch (error) {
        if (get().inspectorTarget === target) set({ inspectorCalls: [], inspectorError: errorMessage(error) })
      }
    },
    async followOpenChat() {
      const state = get()
      if (selectInspectedTarget(state) !== null) return
      const latest = state.chatDetail?.id === state.chatSessionId ? state.chatDetail?.turns.at(-1) : undefined
      if (state.chatDetail && latest)
        await get().inspectTurn({ sessionId: state.chatDetail.id, turnId: latest.turnId })
      else if (state.inspectorTarget !== null)
        set({ inspectorTarget: null, inspectorCalls: [], inspectorError: null })
    }
  })
}

/** The inspected turn when it belongs to the chat open now (of the selected agent); otherwise null. */
export function selectInspectedTarget(state: AppState): InspectorTarget | null {
  const target = state.inspectorTarget
  const detail = state.chatDetail
  if (
    target === null ||
    detail === null ||
    detail.id !== target.sessionId ||
    state.chatSessionId !== detail.id
  )
    return null
  if (state.selectedAgentId !== null && detail.agentId !== state.selectedAgentId) return null
  return target
}

const NO_CALLS: readonly InspectedCall[] = []

/** The calls to draw: only those of a turn of the open chat. */
export function selectInspectedCalls(state: AppState): readonly InspectedCall[] {
  return selectInspectedTarget(state) === null ? NO_CALLS : state.inspectorCalls
}
