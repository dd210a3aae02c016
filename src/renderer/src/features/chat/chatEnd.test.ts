import { describe, expect, it } from 'vitest'
import type { Fact, SessionDetail } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { memoryKeyValueStore } from '../../lib/keyValueStore'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture } from '../../testing/sessionFixture'
import { selectOpenSessionEnded } from './chatEndSlice'
import { testId } from '../../../../shared/testing/ids'

function detail(id: string, endedAtMs: number | null): SessionDetail {
  return sessionDetailFixture({ id: testId.session(id), endedAtMs })
}

function candidate(id: number, sessionId: string): Fact {
  return {
    id,
    agentId: testId.agent('scribe'),
    status: 'pending',
    type: 'project_fact',
    speaker: 'user',
    text: `fact ${id}`,
    entities: [],
    quote: '',
    sessionId: testId.session(sessionId),
    messageId: null,
    scanFailed: false,
    scanFindings: [],
    mergeTargetId: null,
    mergeKind: null,
    mergeTargetText: null,
    recallSuppressed: false,
    origin: 'retention',
    toolWrite: null,
    sessionTitle: null,
    messageNumber: null,
    importId: null,
    provenance: null,
    createdAtMs: 1,
    updatedAtMs: 1
  }
}

describe('ending a session from Chat', () => {
  it('follows the hooks through events, counts the candidates, and shows the session as ended', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    connectEvents(api, store)
    let endedAt: number | null = null
    api.handle('sessions.get', ({ id }) => detail(id, endedAt))
    api.handle('sessions.list', () => [])
    api.handle('review.counts', () => ({ pending: 2, byAgent: { scribe: 2 } }))
    api.handle('sessions.end', ({ id }) => {
      const base = { sessionId: id, agentId: 'scribe', error: null }
      api.emit('sessions.endProgress', { ...base, hookId: 'retention', phase: 'running', candidates: null })
      expect(store.getState().chatEnds[id]?.steps).toEqual([
        { hookId: 'retention', phase: 'running', error: null, candidates: null }
      ])
      expect(selectOpenSessionEnded(store.getState())).toBe(true)
      api.emit('sessions.endProgress', { ...base, hookId: 'retention', phase: 'done', candidates: 2 })
      endedAt = 50
      api.emit('sessions.ended', {
        sessionId: id,
        agentId: 'scribe',
        reason: 'explicit',
        endedAtMs: 50,
        candidates: 2,
        hooks: [{ id: 'retention', ok: true, error: null }]
      })
      return { candidates: [{}, {}], hooks: [{ id: 'retention', ok: true, error: null }] }
    })
    await store.getState().openChatSession('s1')
    expect(selectOpenSessionEnded(store.getState())).toBe(false)
    await store.getState().endChatSession()
    expect(store.getState().chatEnds.s1).toEqual({
      reason: 'explicit',
      steps: [{ hookId: 'retention', phase: 'done', error: null, candidates: 2 }],
      done: true,
      candidates: 2,
      error: null
    })
    await expect.poll(() => store.getState().chatDetail?.endedAtMs).toBe(50)
    expect(selectOpenSessionEnded(store.getState())).toBe(true)
  })

  it('a refused end leaves the session open and says why', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    api.handle('sessions.get', ({ id }) => detail(id, null))
    api.handle('sessions.list', () => [])
    api.handle('sessions.end', () => {
      throw new Error('This session is answering right now. Wait for the reply, or press Stop, then end it.')
    })
    await store.getState().openChatSession('s1')
    await store.getState().endChatSession()
    expect(store.getState().chatEnds.s1).toBeUndefined()
    expect(selectOpenSessionEnded(store.getState())).toBe(false)
    expect(store.getState().chatError).toMatch(/answering right now/)
  })

  it('a session that ended earlier (idle, another window) counts its pending candidates from Review', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    api.handle('sessions.get', ({ id }) => detail(id, 10))
    api.handle('review.list', () => ({
      candidates: [candidate(1, 's1'), candidate(2, 's2'), candidate(3, 's1')]
    }))
    await store.getState().openChatSession('s1')
    await store.getState().loadEndedSummary(testId.session('s1'), testId.agent('scribe'))
    expect(store.getState().chatEnds.s1).toMatchObject({ done: true, candidates: 2, steps: [] })
    expect(api.calls.find((call) => call.method === 'review.list')?.input).toEqual({
      agentId: 'scribe',
      status: 'pending'
    })
  })
})
