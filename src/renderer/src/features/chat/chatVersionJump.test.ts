import { describe, expect, it } from 'vitest'
import type { SessionDetail, StoredMessageView } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture } from '../../testing/sessionFixture'
import { testId } from '../../../../shared/testing/ids'

function message(id: number, turn: string, text: string): StoredMessageView {
  return {
    id: testId.message(id),
    turnId: testId.turn(turn),
    role: id % 2 === 1 ? 'user' : 'assistant',
    kind: id % 2 === 1 ? 'text' : 'reply',
    content: [{ type: 'text', text }],
    status: 'complete',
    error: null,
    inContext: true,
    createdAtMs: id
  }
}

/** A chat whose first message was edited: version 1 (messages 1–2) and version 2 (messages 3–4, shown). */
const versionOne: SessionDetail = sessionDetailFixture({
  messages: [message(1, 't1', 'Tell me about zebras'), message(2, 't1', 'Striped.')]
})
const versionTwo: SessionDetail = sessionDetailFixture({
  messages: [message(3, 't2', 'Tell me about horses'), message(4, 't2', 'Fast.')]
})

function store(refusal?: string) {
  const api = createFakeApi()
  const created = createAppStore(api)
  connectEvents(api, created)
  created.getState().receiveAgents([{ id: testId.agent('scribe'), name: 'Scribe', createdAtMs: 1 }])
  api.handle('sessions.get', () => versionTwo)
  api.handle('sessions.selectVersionOf', ({ messageId }) => {
    if (refusal !== undefined) throw Object.assign(new Error(refusal), { code: 'conflict' })
    return messageId <= 2 ? versionOne : versionTwo
  })
  return { api, store: created }
}

describe('opening a message in a version that is not shown', () => {
  it('shows the version holding it, focused, says so, and goes back on request', async () => {
    const { api, store: s } = store()
    await s.getState().openChatHit({
      agentId: testId.agent('scribe'),
      sessionId: testId.session('s1'),
      messageId: testId.message(2)
    })
    expect(api.calls.filter((call) => call.method === 'sessions.selectVersionOf')).toEqual([
      { method: 'sessions.selectVersionOf', input: { sessionId: 's1', messageId: 2 } }
    ])
    expect(s.getState().chatDetail?.messages.map((m) => m.id)).toEqual([1, 2])
    expect(s.getState().chatFocusMessageId).toBe(2)
    expect(s.getState().chatVersionNotice).toEqual({
      message: expect.stringContaining('Switched to the version of this chat that holds this message'),
      backToMessageId: 4
    })
    await s.getState().backFromVersionSwitch()
    expect(s.getState().chatDetail?.messages.map((m) => m.id)).toEqual([3, 4])
    expect(s.getState().chatVersionNotice).toBeNull()
  })

  it('leaves a shown message alone, and says plainly when the other version cannot be shown', async () => {
    const shown = store()
    await shown.store.getState().openChatHit({
      agentId: testId.agent('scribe'),
      sessionId: testId.session('s1'),
      messageId: testId.message(3)
    })
    expect(shown.api.calls.map((call) => call.method)).not.toContain('sessions.selectVersionOf')
    expect(shown.store.getState().chatVersionNotice).toBeNull()

    const { store: s } = store(
      'Wait for the current reply to finish (or press Stop) before switching versions'
    )
    await s.getState().openChatHit({
      agentId: testId.agent('scribe'),
      sessionId: testId.session('s1'),
      messageId: testId.message(1)
    })
    expect(s.getState().chatDetail?.messages.map((m) => m.id)).toEqual([3, 4])
    expect(s.getState().chatVersionNotice).toEqual({
      message:
        'This message is in another version of this chat, which cannot be shown now: ' +
        'Wait for the current reply to finish (or press Stop) before switching versions',
      backToMessageId: null
    })
  })
})
