import { describe, expect, it } from 'vitest'
import type { MethodInput, SessionPage, SessionSummary } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionSummaryFixture } from '../../testing/sessionFixture'

/** A fake core with `count` chats, newest first, answering `sessions.list` page by page by their index. */
function withManyChats(count: number) {
  const api = createFakeApi()
  const store = createAppStore(api)
  connectEvents(api, store)
  let chats: SessionSummary[] = Array.from({ length: count }, (_, i) =>
    sessionSummaryFixture({
      id: testId.session(`c${String(i).padStart(4, '0')}`),
      title: `chat ${i}`,
      updatedAtMs: 10_000 - i
    })
  )
  const answer = (query: MethodInput<'sessions.list'>): SessionPage => {
    const start = query.after ? chats.findIndex((chat) => chat.id === query.after?.id) + 1 : 0
    const items = chats.slice(start, start + (query.limit ?? 100))
    const last = items.at(-1)
    const more = start + items.length < chats.length
    return {
      items,
      total: chats.length,
      next: more && last ? { pinnedAtMs: null, updatedAtMs: last.updatedAtMs, id: last.id } : null
    }
  }
  api.handle('sessions.list', answer)
  return {
    api,
    store,
    answer,
    rename: (i: number, title: string) => (chats = chats.map((c, j) => (j === i ? { ...c, title } : c)))
  }
}

describe('the chat list, a page at a time', () => {
  it('appends the next pages to the end, once per page asked twice at once, then says nothing more follows', async () => {
    const { api, store } = withManyChats(250)
    await store.getState().loadChatSessions()
    expect(store.getState()).toMatchObject({ chatSessionsTotal: 250 })
    expect(store.getState().chatSessions).toHaveLength(100)
    await Promise.all([store.getState().loadMoreChatSessions(), store.getState().loadMoreChatSessions()])
    expect(store.getState().chatSessions).toHaveLength(200)
    await store.getState().loadMoreChatSessions()
    const ids = store.getState().chatSessions.map((chat) => chat.id)
    expect(ids).toHaveLength(250)
    expect(new Set(ids).size).toBe(250)
    expect(ids.at(-1)).toBe('c0249')
    expect(store.getState().chatSessionsNext).toBeNull()
    const asked = api.calls.filter((call) => call.method === 'sessions.list')
    expect(asked).toHaveLength(3)
  })

  it('reads as many chats again as were loaded when a chat changes, so the list keeps its place', async () => {
    const { api, store, rename } = withManyChats(250)
    await store.getState().loadChatSessions()
    await store.getState().loadMoreChatSessions()
    rename(150, 'Renamed far down')
    api.emit('chats.changed', {
      sessionId: testId.session('c0150'),
      agentId: testId.agent('scribe'),
      change: 'renamed'
    })
    await expect.poll(() => store.getState().chatSessions[150]?.title).toBe('Renamed far down')
    expect(store.getState().chatSessions).toHaveLength(200)
    expect(api.calls.at(-1)).toEqual({ method: 'sessions.list', input: { limit: 200 } })
  })

  it('asks again from the end of a list read again while its next page was on its way', async () => {
    const { api, store, answer } = withManyChats(250)
    await store.getState().loadChatSessions()
    // The first page asked for is held until the list has been read again.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let first = true
    api.handle('sessions.list', async (query) => {
      if (query.after && first) {
        first = false
        await held
      }
      return answer(query)
    })
    const more = store.getState().loadMoreChatSessions()
    await store.getState().loadChatSessions()
    release()
    await more
    const ids = store.getState().chatSessions.map((chat) => chat.id)
    expect(ids).toHaveLength(200)
    expect(new Set(ids).size).toBe(200)
    expect(ids.at(-1)).toBe('c0199')
    const pages = api.calls.filter((call) => call.method === 'sessions.list').map((call) => call.input)
    expect(pages).toEqual([
      { limit: 100 },
      { limit: 100, after: expect.objectContaining({ id: 'c0099' }) },
      { limit: 100 },
      { limit: 100, after: expect.objectContaining({ id: 'c0099' }) }
    ])
  })
})
