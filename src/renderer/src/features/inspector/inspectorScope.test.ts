import { describe, expect, it } from 'vitest'
import type { InspectedCall, TurnView } from '../../../../shared/contract'
import { memoryKeyValueStore } from '../../lib/keyValueStore'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { inspectedCallFixture, sessionDetailFixture } from '../../testing/sessionFixture'
import { selectInspectedCalls, selectInspectedTarget } from './inspectorSlice'
import { testId } from '../../../../shared/testing/ids'

function turn(turnId: string): TurnView {
  const usage = {
    input_tokens: 1,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0
  }
  return { turnId: testId.turn(turnId), calls: [], usage, costUsd: 0, cacheReadShare: 0 }
}

function call(callId: number): InspectedCall {
  return inspectedCallFixture({ callId })
}

function fakeTwoAgents() {
  const api = createFakeApi()
  const sessions = {
    s_ada: { agentId: 'ada', turns: ['t_ada1', 't_ada2'] },
    s_bo: { agentId: 'bo', turns: ['t_bo1'] }
  } as const
  const callsByTurn: Record<string, number[]> = { t_ada1: [1], t_ada2: [2, 3], t_bo1: [4] }
  api.handle('sessions.get', ({ id }) => {
    const session = sessions[id as keyof typeof sessions]
    return sessionDetailFixture({
      id: testId.session(id),
      agentId: testId.agent(session.agentId),
      title: `chat of ${session.agentId}`,
      turns: session.turns.map(turn)
    })
  })
  api.handle('inspector.turn', ({ turnId }) => ({ turnId, calls: (callsByTurn[turnId] ?? []).map(call) }))
  return api
}

describe('the Inspector follows the open chat', () => {
  it('never shows another agent’s calls after a switch, and picks the open chat’s latest turn', async () => {
    const api = fakeTwoAgents()
    const store = createAppStore(api, memoryKeyValueStore())
    store.setState({ selectedAgentId: testId.agent('ada') })
    await store.getState().openChatSession('s_ada')
    await store.getState().inspectTurn({ sessionId: testId.session('s_ada'), turnId: testId.turn('t_ada1') })
    expect(selectInspectedCalls(store.getState()).map((c) => c.callId)).toEqual([1])

    store.getState().selectAgent(testId.agent('bo'))
    expect(selectInspectedTarget(store.getState())).toBeNull()
    expect(selectInspectedCalls(store.getState())).toEqual([])
    await store.getState().openChatSession('s_bo')
    expect(selectInspectedCalls(store.getState())).toEqual([])
    await store.getState().followOpenChat()
    expect(store.getState().inspectorTarget).toEqual({
      sessionId: testId.session('s_bo'),
      turnId: testId.turn('t_bo1')
    })
    expect(selectInspectedCalls(store.getState()).map((c) => c.callId)).toEqual([4])

    // A turn picked in the open chat stays picked.
    await store.getState().inspectTurn({ sessionId: testId.session('s_bo'), turnId: testId.turn('t_bo1') })
    await store.getState().followOpenChat()
    expect(api.calls.filter((c) => c.method === 'inspector.turn')).toHaveLength(3)
  })

  it('drops calls that arrive for a turn no longer inspected', async () => {
    const api = fakeTwoAgents()
    let release: () => void = () => undefined
    api.handle('inspector.turn', ({ turnId }) =>
      turnId === 't_ada1'
        ? new Promise((resolve) => (release = () => resolve({ turnId, calls: [call(1)] })))
        : { turnId, calls: [call(2), call(3)] }
    )
    const store = createAppStore(api, memoryKeyValueStore())
    store.setState({ selectedAgentId: testId.agent('ada') })
    await store.getState().openChatSession('s_ada')
    const slow = store
      .getState()
      .inspectTurn({ sessionId: testId.session('s_ada'), turnId: testId.turn('t_ada1') })
    await store.getState().inspectTurn({ sessionId: testId.session('s_ada'), turnId: testId.turn('t_ada2') })
    release()
    await slow
    expect(selectInspectedCalls(store.getState()).map((c) => c.callId)).toEqual([2, 3])
  })
})
