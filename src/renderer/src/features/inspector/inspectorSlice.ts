import type { InspectedCall, SessionId, TurnId } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'
import { withEarlierChanges, withEarlierMessages } from './earlierPages'

export interface InspectorTarget {
  readonly sessionId: SessionId
  readonly turnId: TurnId
}

/** Request messages read per page of "the whole request" (the contract's most). */
const WHOLE_REQUEST_PAGE = 500

/**
 * The Inspector shows one turn of the chat open in Chat: every call's exact request, usage and
 * miss reason. It never shows another chat's calls: a target left over from another agent or
 * chat is not drawn, and opening the Inspector there picks that chat's latest turn instead.
 * A call arrives with its request's newest messages and its diff's newest changes; the earlier
 * ones are read on demand, a page at a time, into the same call.
 */
export interface InspectorSlice {
  readonly inspectorTarget: InspectorTarget | null
  /** The calls loaded for `inspectorTarget` (empty while they load). */
  readonly inspectorCalls: readonly InspectedCall[]
  readonly inspectorError: string | null
  readonly inspectTurn: (target: InspectorTarget) => Promise<void>
  /** When the target is not a turn of the open chat: inspect that chat's latest turn (or nothing). */
  readonly followOpenChat: () => Promise<void>
  /** Reads `count` more of a call's earlier request messages (every one when `count` is 'all'). */
  readonly loadEarlierRequestMessages: (callId: number, count: number | 'all') => Promise<void>
  /** Reads up to `count` more of a call's earlier diff changes. */
  readonly loadEarlierDiffChanges: (callId: number, count: number) => Promise<void>
}

export function createInspectorSlice(api: ApiClient): SliceCreator<InspectorSlice> {
  return (set, get) => {
    /** Replaces one call of the inspected turn, unless another turn is inspected by now. */
    const update = (
      target: InspectorTarget,
      callId: number,
      next: (call: InspectedCall) => InspectedCall
    ): void => {
      if (get().inspectorTarget !== target) return
      set({
        inspectorCalls: get().inspectorCalls.map((call) => (call.callId === callId ? next(call) : call))
      })
    }
    const callOf = (callId: number): InspectedCall | undefined =>
      get().inspectorCalls.find((call) => call.callId === callId)
    return {
      inspectorTarget: null,
      inspectorCalls: [],
      inspectorError: null,
      async inspectTurn(target) {
        set({ inspectorTarget: target, inspectorCalls: [], inspectorError: null })
        try {
          const { calls } = await api.call('inspector.turn', target)
          if (get().inspectorTarget === target) set({ inspectorCalls: calls })
        } catch (error) {
          if (get().inspectorTarget === target)
            set({ inspectorCalls: [], inspectorError: errorMessage(error) })
        }
      },
      async followOpenChat() {
        const state = get()
        if (selectInspectedTarget(state) !== null) return
        const latest =
          state.chatDetail?.id === state.chatSessionId ? state.chatDetail?.turns.at(-1) : undefined
        if (state.chatDetail && latest)
          await get().inspectTurn({ sessionId: state.chatDetail.id, turnId: latest.turnId })
        else if (state.inspectorTarget !== null)
          set({ inspectorTarget: null, inspectorCalls: [], inspectorError: null })
      },
      async loadEarlierRequestMessages(callId, count) {
        const target = get().inspectorTarget
        let left = count === 'all' ? Infinity : count
        while (target !== null && left > 0) {
          const call = callOf(callId)
          const before = call ? call.request.messageCount - call.request.messages.length : 0
          if (before <= 0) return
          const limit = Math.min(left, WHOLE_REQUEST_PAGE)
          const page = await api.call('inspector.requestMessages', { ...target, callId, before, limit })
          update(target, callId, (was) => withEarlierMessages(was, page))
          if (get().inspectorTarget !== target) return
          left -= limit
        }
      },
      async loadEarlierDiffChanges(callId, count) {
        const target = get().inspectorTarget
        const before = callOf(callId)?.requestDiff?.messagesFrom ?? 0
        if (target === null || before <= 0) return
        const page = await api.call('inspector.diffMessages', { ...target, callId, before, limit: count })
        update(target, callId, (was) => withEarlierChanges(was, page))
      }
    }
  }
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
