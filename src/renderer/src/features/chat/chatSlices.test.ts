import { describe, expect, it } from 'vitest'
import type { SessionDetail } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture, onePage } from '../../testing/sessionFixture'
import { selectOpenStream } from './chatTurnSlice'
import { testId } from '../../../../shared/testing/ids'

const usage = {
  input_tokens: 4,
  output_tokens: 2,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 100
}

function detail(id: string, text: string): SessionDetail {
  return sessionDetailFixture({
    id: testId.session(id),
    messages: [
      {
        id: testId.message(1),
        turnId: testId.turn('t1'),
        role: 'assistant',
        kind: 'reply',
        content: [{ type: 'text', text }],
        status: 'complete',
        error: null,
        inContext: true,
        createdAtMs: 1
      }
    ]
  })
}

describe('chat slices', () => {
  it('streams deltas that arrive before chat.send answers, then swaps the stream for the stored turn', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.handle('chat.send', () => {
      api.emit('chat.delta', {
        sessionId: testId.session('s1'),
        turnId: testId.turn('t1'),
        messageId: 1,
        text: 'Hel'
      })
      return { turnId: testId.turn('t1'), sessionId: testId.session('s1') }
    })
    api.handle('sessions.get', ({ id }) => detail(id, 'Hello'))
    api.handle('sessions.list', () => onePage([]))
    await store.getState().sendChat('hi')
    api.emit('chat.delta', {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      messageId: 1,
      text: 'lo'
    })
    expect(selectOpenStream(store.getState())).toMatchObject({ text: 'Hello', userText: 'hi' })
    expect(store.getState().chatActiveTurnId).toBe('t1')

    api.emit('chat.finished', {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      text: 'Hello',
      stopReason: 'end_turn',
      usage,
      costUsd: 0.001,
      calls: [],
      compressed: false
    })
    await expect.poll(() => store.getState().chatActiveTurnId).toBeNull()
    expect(selectOpenStream(store.getState())).toBeNull()
    expect(store.getState().chatDetail?.messages[0]?.content).toEqual([{ type: 'text', text: 'Hello' }])
  })

  it('keeps the typed text when sending is refused, and reports a failed turn', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.handle('chat.send', () => {
      throw new Error('No API key configured.')
    })
    expect(await store.getState().sendChat('hi')).toEqual({ ok: false, message: 'No API key configured.' })
    api.handle('sessions.list', () => onePage([]))
    api.emit('chat.failed', {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t9'),
      code: 'llm_unavailable',
      message: 'The model is overloaded',
      partialKept: false
    })
    expect(store.getState().chatFailures.t9).toBe('The model is overloaded')
  })

  it('asks for the cost before a cache-breaking switch and applies the model to the next message', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    api.handle('sessions.get', ({ id }) => detail(id, 'x'))
    api.handle('sessions.cacheBreakCost', ({ model }) => ({
      model: model ?? 'm',
      prefixTokens: 5000,
      extraCostUsd: 0.0115
    }))
    api.handle('chat.send', () => ({ turnId: testId.turn('t2'), sessionId: testId.session('s1') }))
    await store.getState().openChatSession('s1')
    await store.getState().askCacheBreak('switch-model', 'claude-opus-5')
    expect(store.getState().chatCacheBreak).toEqual({
      kind: 'switch-model',
      model: 'claude-opus-5',
      prefixTokens: 5000,
      extraCostUsd: 0.0115
    })
    store.getState().setChatPendingModel('claude-opus-5')
    await store.getState().sendChat('next')
    expect(api.calls.filter((call) => call.method === 'chat.send').at(-1)).toEqual({
      method: 'chat.send',
      input: { text: 'next', sessionId: testId.session('s1'), model: 'claude-opus-5' }
    })
    expect(store.getState().chatPendingModel).toBeNull()
  })

  it('opens on Chat, and a provenance jump switches agent, opens the session on the message and clears the search', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    expect(store.getState().section).toBe('chat')
    const agent = (id: string) => ({ id, name: id, createdAtMs: 1 })
    api.emit('agents.changed', { agents: [agent('ada'), agent('scribe')] })
    expect(store.getState().selectedAgentId).toBe('ada')
    store.getState().navigate('review')
    api.handle('sessions.search', () => ({ hits: [] }))
    await store.getState().searchChats('zebra')
    api.handle('sessions.get', ({ id }) => detail(id, 'Tuesdays'))
    await store.getState().showChatMessage({
      agentId: testId.agent('scribe'),
      sessionId: testId.session('s7'),
      messageId: testId.message(1)
    })
    expect(store.getState()).toMatchObject({
      section: 'chat',
      selectedAgentId: 'scribe',
      chatSessionId: 's7',
      chatFocusMessageId: 1,
      chatSearchQuery: ''
    })

    api.handle('chat.send', () => ({ turnId: testId.turn('t2'), sessionId: testId.session('s7') }))
    await store.getState().sendChat('and then?')
    expect(store.getState().chatFocusMessageId).toBeNull()
  })

  it("selecting another agent leaves the previous agent's session, search and running turn, and lists only the new agent's sessions", async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    const agent = (id: string) => ({ id, name: id, createdAtMs: 1 })
    const summary = (id: string, agentId: string) => ({ ...detail(id, 'x'), agentId: testId.agent(agentId) })
    api.emit('agents.changed', { agents: [agent('ada'), agent('scribe')] })
    api.handle('sessions.get', ({ id }) => ({
      ...detail(id, 'x'),
      agentId: id.startsWith('ada') ? 'ada' : 'scribe'
    }))
    api.handle('sessions.list', (input) => onePage([summary(`${input.agentId}-1`, input.agentId ?? '')]))
    api.handle('sessions.search', () => ({ hits: [] }))
    api.handle('chat.send', () => ({ turnId: testId.turn('t_ada'), sessionId: testId.session('ada-1') }))
    await store.getState().openChatSession('ada-1')
    await store.getState().sendChat('a long job')
    await store.getState().searchChats('release')
    expect(store.getState()).toMatchObject({
      chatSessionId: 'ada-1',
      chatActiveTurnId: 't_ada',
      chatSearchQuery: 'release'
    })

    store.getState().selectAgent(testId.agent('scribe'))
    expect(store.getState()).toMatchObject({
      chatSessionId: null,
      chatDetail: null,
      chatSessions: [],
      chatSearchQuery: '',
      chatActiveTurnId: null
    })
    expect(selectOpenStream(store.getState())).toBeNull()
    await store.getState().loadChatSessions()
    expect(store.getState().chatSessions.map((s) => s.id)).toEqual(['scribe-1'])
    expect(api.calls.at(-1)).toEqual({ method: 'sessions.list', input: { agentId: 'scribe', limit: 100 } })

    // Ada's turn finishing later must not pull her session back into Chat.
    api.emit('chat.finished', {
      sessionId: testId.session('ada-1'),
      turnId: testId.turn('t_ada'),
      text: 'done',
      stopReason: 'end_turn',
      usage,
      costUsd: 0,
      calls: [],
      compressed: false
    })
    await store.getState().openChatSession('ada-1')
    expect(store.getState()).toMatchObject({
      chatSessionId: null,
      chatDetail: null,
      selectedAgentId: 'scribe'
    })

    await store.getState().openChatSession('scribe-1')
    expect(store.getState()).toMatchObject({ chatSessionId: 'scribe-1', chatActiveTurnId: null })
    expect(store.getState().chatDetail?.agentId).toBe('scribe')
  })

  it('reopening a session whose reply is still streaming gives Stop back to that turn only', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.emit('agents.changed', { agents: [{ id: 'scribe', name: 'scribe', createdAtMs: 1 }] })
    api.handle('sessions.get', ({ id }) => detail(id, 'x'))
    api.handle('chat.send', () => ({ turnId: testId.turn('t1'), sessionId: testId.session('s1') }))
    await store.getState().openChatSession('s1')
    await store.getState().sendChat('go')
    await store.getState().openChatSession('s2')
    expect(store.getState().chatActiveTurnId).toBeNull()
    await store.getState().openChatSession('s1')
    expect(store.getState().chatActiveTurnId).toBe('t1')
  })
})
