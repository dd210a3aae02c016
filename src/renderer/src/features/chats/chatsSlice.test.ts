import { describe, expect, it } from 'vitest'
import type { SessionSummary } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture, sessionSummaryFixture, onePage } from '../../testing/sessionFixture'
import { testId } from '../../../../shared/testing/ids'

/** A fake core holding a list of chats: delete takes one out, sessions.get answers for each. */
function withChats(ids: readonly string[]): {
  api: ReturnType<typeof createFakeApi>
  store: ReturnType<typeof createAppStore>
} {
  const api = createFakeApi()
  const store = createAppStore(api)
  connectEvents(api, store)
  let live: SessionSummary[] = ids.map((id) =>
    sessionSummaryFixture({ id: testId.session(id), title: `chat ${id}` })
  )
  api.handle('sessions.list', () => onePage(live))
  api.handle('sessions.get', ({ id }) =>
    sessionDetailFixture({ id: testId.session(id), title: `chat ${id}` })
  )
  api.handle('chats.delete', ({ id }) => {
    const gone = live.find((session) => session.id === id) as SessionSummary
    live = live.filter((session) => session.id !== id)
    trashed.push(gone)
    return { ...gone, deletedAtMs: 5 }
  })
  const trashed: SessionSummary[] = []
  api.handle('chats.restore', ({ id }) => {
    const back = trashed.find((session) => session.id === id) as SessionSummary
    live = [back, ...live]
    return back
  })
  return { api, store }
}

describe('chats slice', () => {
  it('moves the view to the newest remaining chat when the open chat is deleted, then to a new chat', async () => {
    const { store } = withChats(['s1', 's2'])
    await store.getState().loadChatSessions()
    await store.getState().openChatSession('s1')
    await store.getState().trashChat('s1')
    expect(store.getState().chatSessionId).toBe('s2')
    await store.getState().trashChat('s2')
    expect(store.getState().chatSessionId).toBeNull()
    expect(store.getState().chatsNotice).toBeNull()
  })

  it('says "moved to Trash" after a delete, and Undo brings the chat back and opens it again', async () => {
    const { api, store } = withChats(['s1', 's2'])
    await store.getState().loadChatSessions()
    await store.getState().openChatSession('s1')
    await store.getState().trashChat('s1')
    expect(store.getState().chatsTrashed).toEqual({ id: 's1', title: 'chat s1', wasOpen: true })
    expect(store.getState().chatSessionId).toBe('s2')
    await store.getState().undoTrashChat()
    expect(api.calls.filter((call) => call.method === 'chats.restore')).toEqual([
      { method: 'chats.restore', input: { id: 's1' } }
    ])
    expect(store.getState().chatsTrashed).toBeNull()
    expect(store.getState().chatSessionId).toBe('s1')
    expect(store.getState().chatSessions.map((session) => session.id)).toEqual(['s1', 's2'])

    // A chat that was not open comes back to the list without taking the view.
    await store.getState().trashChat('s2')
    expect(store.getState().chatsTrashed).toMatchObject({ id: 's2', wasOpen: false })
    await store.getState().undoTrashChat()
    expect(store.getState().chatSessionId).toBe('s1')
    store.getState().dismissTrashedChat()
    expect(store.getState().chatsTrashed).toBeNull()

    // Restored from the Trash list, or elsewhere: the notice has nothing left to undo.
    await store.getState().trashChat('s2')
    await store.getState().restoreChat('s2')
    expect(store.getState().chatsTrashed).toBeNull()
    await store.getState().trashChat('s2')
    api.emit('chats.changed', { sessionId: testId.session('s2'), agentId: 'scribe', change: 'restored' })
    expect(store.getState().chatsTrashed).toBeNull()
  })

  it('shows a refusal (deleting a chat that is answering) as the list notice, changing nothing', async () => {
    const { api, store } = withChats(['s1'])
    api.handle('chats.delete', () => {
      throw Object.assign(new Error('This chat is answering right now. Press Stop'), { code: 'conflict' })
    })
    await store.getState().loadChatSessions()
    await store.getState().openChatSession('s1')
    await store.getState().trashChat('s1')
    expect(store.getState().chatSessionId).toBe('s1')
    expect(store.getState().chatsNotice).toContain('Press Stop')
  })

  it('follows chats.changed from elsewhere: a chat deleted in another window leaves this view', async () => {
    const { api, store } = withChats(['s1', 's2'])
    await store.getState().loadChatSessions()
    await store.getState().openChatSession('s2')
    await api.call('chats.delete', { id: 's2' })
    api.emit('chats.changed', { sessionId: testId.session('s2'), agentId: 'scribe', change: 'trashed' })
    await expect.poll(() => store.getState().chatSessionId).toBe('s1')
  })
})
