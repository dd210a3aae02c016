import type { TurnId } from '../../../../shared/contract'
import { describe, expect, it } from 'vitest'
import { memoryKeyValueStore } from '../../lib/keyValueStore'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture, onePage } from '../../testing/sessionFixture'
import { selectChatDraft } from './chatDraftSlice'
import { testId } from '../../../../shared/testing/ids'

describe('nothing lost, nothing doubled', () => {
  it('keeps a draft per agent and session across a reload of the store', async () => {
    const storage = memoryKeyValueStore()
    const api = createFakeApi()
    api.handle('sessions.get', ({ id }) =>
      sessionDetailFixture({ id: testId.session(id), agentId: testId.agent('ada') })
    )
    const store = createAppStore(api, storage)
    store.setState({ selectedAgentId: testId.agent('ada') })
    store.getState().setChatDraft('a thought for a new chat')
    await store.getState().openChatSession('s1')
    store.getState().setChatDraft('more about s1')
    store.setState({ selectedAgentId: testId.agent('bo'), chatSessionId: null })
    store.getState().loadChatDraft()
    expect(selectChatDraft(store.getState())).toBe('')

    const reloaded = createAppStore(api, storage)
    reloaded.setState({ selectedAgentId: testId.agent('ada') })
    reloaded.getState().loadChatDraft()
    expect(selectChatDraft(reloaded.getState())).toBe('a thought for a new chat')
    reloaded.setState({ chatSessionId: testId.session('s1') })
    reloaded.getState().loadChatDraft()
    expect(selectChatDraft(reloaded.getState())).toBe('more about s1')
    reloaded.getState().setChatDraft('')
    expect(storage.get('hearth.draft.ada:s1')).toBeNull()
  })

  it('Retry runs the failed turn of the open session and shows its reply streaming in that turn', async () => {
    const api = createFakeApi()
    api.handle('sessions.get', ({ id }) =>
      sessionDetailFixture({
        id: testId.session(id),
        retry: { turnId: testId.turn('t1'), error: 'overloaded' }
      })
    )
    api.handle('chat.retry', ({ sessionId }) => ({ turnId: testId.turn('t1'), sessionId }))
    const store = createAppStore(api, memoryKeyValueStore())
    await store.getState().openChatSession('s1')
    store.getState().receiveChatFailed({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      code: 'llm_unavailable',
      message: 'The model is overloaded',
      partialKept: false
    })
    expect(store.getState().chatFailures.t1).toBe('The model is overloaded')
    await store.getState().retryChat()
    expect(api.calls.filter((call) => call.method === 'chat.retry')).toEqual([
      { method: 'chat.retry', input: { sessionId: testId.session('s1') } }
    ])
    expect(api.calls.some((call) => call.method === 'chat.send')).toBe(false)
    expect(store.getState().chatActiveTurnId).toBe('t1')
    expect(store.getState().chatStreams.t1).toMatchObject({ sessionId: testId.session('s1'), userText: '' })
    expect(store.getState().chatFailures.t1).toBeUndefined()
  })

  it('says the open chat may be behind when reloading it after a retry fails, instead of staying silent', async () => {
    const api = createFakeApi()
    let reloads = 0
    api.handle('sessions.get', ({ id }) => {
      if (++reloads > 1) throw new Error('the host went away')
      return sessionDetailFixture({
        id: testId.session(id),
        retry: { turnId: testId.turn('t1'), error: 'overloaded' }
      })
    })
    api.handle('chat.retry', ({ sessionId }) => ({ turnId: 't1', sessionId }))
    const store = createAppStore(api, memoryKeyValueStore())
    await store.getState().openChatSession('s1')
    await store.getState().retryChat()
    await expect
      .poll(() => store.getState().chatError)
      .toMatch(/could not be reloaded \(.*the host went away.*\)\. Nothing is lost/)
  })

  it('after a reconnect, a stream whose turn the host marked failed is dropped so Retry shows', async () => {
    const api = createFakeApi()
    let retry: { turnId: TurnId; error: string | null } | null = null
    api.handle('sessions.get', ({ id }) =>
      sessionDetailFixture({
        id: testId.session(id),
        retry,
        messages: [
          {
            id: testId.message(1),
            turnId: testId.turn('t1'),
            role: 'user',
            kind: 'text',
            content: [{ type: 'text', text: 'hi' }],
            status: 'complete',
            error: null,
            inContext: true,
            createdAtMs: 1
          }
        ]
      })
    )
    api.handle('sessions.list', () => onePage([]))
    api.handle('chat.send', () => ({ turnId: testId.turn('t1'), sessionId: testId.session('s1') }))
    const store = createAppStore(api, memoryKeyValueStore())
    await store.getState().openChatSession('s1')
    await store.getState().sendChat('hi')
    expect(store.getState().chatActiveTurnId).toBe('t1')
    retry = { turnId: testId.turn('t1'), error: 'The app stopped while this reply was streaming' }
    await store.getState().resyncChat()
    expect(store.getState().chatActiveTurnId).toBeNull()
    expect(store.getState().chatStreams.t1).toBeUndefined()
    expect(store.getState().chatDetail?.retry?.turnId).toBe('t1')
  })
})
