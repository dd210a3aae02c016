import { describe, expect, it } from 'vitest'
import type { SessionDetail } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { memoryKeyValueStore } from '../../lib/keyValueStore'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture, onePage } from '../../testing/sessionFixture'
import { selectOpenSessionEnded } from './chatEndSlice'
import { testId } from '../../../../shared/testing/ids'

function detail(id: string, endedAtMs: number | null): SessionDetail {
  return sessionDetailFixture({ id: testId.session(id), endedAtMs })
}

describe('ending a session from Chat', () => {
  it('follows the hooks through events, counts the candidates, and shows the session as ended', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    connectEvents(api, store)
    let endedAt: number | null = null
    api.handle('sessions.get', ({ id }) => detail(id, endedAt))
    api.handle('sessions.list', () => onePage([]))
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
        hooks: [{ id: 'retention', ok: true, error: null }],
        skipped: null
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
      error: null,
      skipped: null
    })
    await expect.poll(() => store.getState().chatDetail?.endedAtMs).toBe(50)
    expect(selectOpenSessionEnded(store.getState())).toBe(true)
  })

  it('a refused end leaves the session open and says why', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    api.handle('sessions.get', ({ id }) => detail(id, null))
    api.handle('sessions.list', () => onePage([]))
    api.handle('sessions.end', () => {
      throw new Error('This session is answering right now. Wait for the reply, or press Stop, then end it.')
    })
    await store.getState().openChatSession('s1')
    await store.getState().endChatSession()
    expect(store.getState().chatEnds.s1).toBeUndefined()
    expect(selectOpenSessionEnded(store.getState())).toBe(false)
    expect(store.getState().chatError).toMatch(/answering right now/)
  })

  it('a session that ended earlier (idle, another window) says how it ended and what still waits in Review', async () => {
    const api = createFakeApi()
    const store = createAppStore(api, memoryKeyValueStore())
    api.handle('sessions.get', ({ id }) => detail(id, 10))
    api.handle('review.sessionEnds', () => ({
      sessions: [
        {
          sessionId: testId.session('s1'),
          agentId: testId.agent('scribe'),
          title: 'Release day',
          endedAtMs: 10,
          reason: 'idle',
          skipped: null,
          retention: { candidates: 3, error: null, ranAtMs: 10 },
          pending: 2
        }
      ]
    }))
    await store.getState().openChatSession('s1')
    await store.getState().loadEndedSummary(testId.session('s1'), testId.agent('scribe'))
    expect(store.getState().chatEnds.s1).toMatchObject({
      done: true,
      reason: 'idle',
      candidates: 2,
      skipped: null,
      steps: []
    })
    expect(api.calls.find((call) => call.method === 'review.sessionEnds')?.input).toEqual({
      agentId: 'scribe',
      sessionId: 's1'
    })
  })
})
