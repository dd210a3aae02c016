import { describe, expect, it, vi } from 'vitest'
import type { Fact, MemoriesView } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { selectMemoriesView } from './memoriesSlice'

const usage = { chars: 0, limit: 4000, percent: 0, text: '0% — 0/4,000 chars', entryCount: 0 }

function view(agentId: string, query = '', entries: string[] = []): MemoriesView {
  return {
    agentId: testId.agent(agentId),
    query,
    facts: [],
    next: null,
    factsTotal: 0,
    pins: [],
    files: [],
    memory: { target: 'memory', path: '/m', entries, usage },
    user: { target: 'user', path: '/u', entries: [], usage },
    forgotten: { facts: [], factsNext: null, files: [], entries: [] }
  }
}

function fact(id: number): Fact {
  return {
    id,
    agentId: testId.agent('scribe'),
    status: 'approved',
    type: 'decision',
    speaker: 'user',
    text: `Fact ${id}`,
    entities: [],
    quote: '',
    sessionId: null,
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
    createdAtMs: id,
    updatedAtMs: id
  }
}

/** What the store sends `memories.facts` (the fake records inputs untyped). */
type FactsInput = { status?: string; after?: { id: number }; limit?: number }

function storeWith(agentId = 'scribe') {
  const api = createFakeApi()
  const store = createAppStore(api)
  connectEvents(api, store)
  store.getState().receiveAgents([
    { id: testId.agent(agentId), name: 'Scribe', createdAtMs: 1 },
    { id: testId.agent('coder'), name: 'Coder', createdAtMs: 2 }
  ])
  return { api, store }
}

describe('the Memories slice', () => {
  it("loads the selected agent's memories with the query, and shows nothing of another agent after a switch", async () => {
    const { api, store } = storeWith()
    api.handle('memories.list', ({ agentId, query }) => view(agentId, query?.trim() ?? ''))
    await store.getState().setMemoriesQuery(' tea ')
    expect(api.calls.at(-1)).toEqual({
      method: 'memories.list',
      input: { agentId: 'scribe', query: ' tea ', limit: 100 }
    })
    expect(selectMemoriesView(store.getState())?.query).toBe('tea')
    store.getState().selectAgent(testId.agent('coder'))
    expect(selectMemoriesView(store.getState())).toBeNull()
  })

  it('forgets an entry through the memory tool, remembers it for Restore, and reports a refusal in words', async () => {
    const { api, store } = storeWith()
    api.handle('memories.list', ({ agentId }) => view(agentId, '', ['The user drinks tea']))
    api.handle('memory.apply', ({ action }) =>
      action === 'remove'
        ? { success: true }
        : { success: false, error: 'Memory is at 3,990/4,000 chars and this entry does not fit.' }
    )
    await store.getState().loadMemories()
    const item = { kind: 'entry', target: 'memory', text: 'The user drinks tea' } as const
    expect(await store.getState().forgetMemory(item)).toEqual({ ok: true, value: undefined })
    expect(api.calls.find((call) => call.method === 'memory.apply')?.input).toEqual({
      agentId: 'scribe',
      target: 'memory',
      action: 'remove',
      oldText: 'The user drinks tea'
    })
    expect(store.getState().memoriesLastForgotten).toEqual(item)
    expect(await store.getState().restoreMemory(item)).toEqual({
      ok: false,
      message: 'Memory is at 3,990/4,000 chars and this entry does not fit.'
    })
    expect(store.getState().memoriesLastForgotten).toEqual(item)
  })

  it('refuses to forget, edit or open anything while no agent is selected, without calling the core', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    const item = { kind: 'file', slug: 'tea' } as const
    const refused = { ok: false, message: 'No agent is selected.' }
    expect(await store.getState().forgetMemory(item)).toEqual(refused)
    expect(await store.getState().editMemoryEntry('memory', 'a', 'b')).toEqual(refused)
    expect(await store.getState().openMemoryFile('tea', false)).toEqual(refused)
    expect(api.calls.map((call) => call.method)).toEqual([])
  })

  it('re-reads an open view when a memory write or a review decision lands', async () => {
    const { api, store } = storeWith()
    let reads = 0
    api.handle('memories.list', ({ agentId }) => (reads++, view(agentId)))
    api.emit('review.changed', { agentId: 'scribe', pending: 0 })
    expect(reads).toBe(0)
    api.handle('review.counts', () => ({ pending: 0, byAgent: {} }))
    await store.getState().loadMemories()
    api.emit('review.changed', { agentId: 'scribe', pending: 0 })
    await Promise.resolve()
    expect(reads).toBe(2)
  })

  it('appends the next page of facts from the cursor, asks once while a page is on its way, and a reload keeps as many as were shown', async () => {
    const { api, store } = storeWith()
    api.handle('memories.list', ({ agentId, limit }) => ({
      ...view(agentId),
      facts: Array.from({ length: Math.min(limit ?? 100, 150) }, (_, i) => fact(300 - i)),
      next: (limit ?? 100) < 150 ? { updatedAtMs: 201, id: 201 } : null,
      factsTotal: 150
    }))
    api.handle('memories.facts', ({ after }) => ({
      items: Array.from({ length: 50 }, (_, i) => fact((after?.id ?? 0) - 1 - i)),
      pins: [],
      next: null
    }))
    await store.getState().loadMemories()
    await Promise.all([
      store.getState().loadMoreMemoryFacts('approved'),
      store.getState().loadMoreMemoryFacts('approved')
    ])
    expect(api.calls.filter((call) => call.method === 'memories.facts').map((call) => call.input)).toEqual([
      { agentId: 'scribe', status: 'approved', query: '', after: { updatedAtMs: 201, id: 201 }, limit: 100 }
    ])
    const shown = selectMemoriesView(store.getState())
    expect(shown?.facts.map((f) => f.id).slice(98, 102)).toEqual([202, 201, 200, 199])
    expect(shown?.facts).toHaveLength(150)
    expect(shown?.next).toBeNull()
    await store.getState().loadMoreMemoryFacts('approved')
    expect(api.calls.filter((call) => call.method === 'memories.facts')).toHaveLength(1)
    await store.getState().loadMemories()
    expect(api.calls.at(-1)?.input).toMatchObject({ limit: 150 })
  })

  it('keeps a page of facts that a page of forgotten facts overtook, and asks again from where a re-read list ends', async () => {
    const { api, store } = storeWith()
    const cursor = (id: number) => ({ updatedAtMs: id, id })
    let firstId = 300
    api.handle('memories.list', ({ agentId, limit = 100 }) => ({
      ...view(agentId),
      facts: Array.from({ length: limit }, (_, i) => fact(firstId - i)),
      next: cursor(firstId - limit + 1),
      forgotten: { facts: [fact(5)], factsNext: cursor(5), files: [], entries: [] }
    }))
    type Page = { items: Fact[]; pins: []; next: { updatedAtMs: number; id: number } | null }
    const approvedPages: ((page: Page) => void)[] = []
    api.handle('memories.facts', ({ status }) =>
      status === 'forgotten'
        ? { items: [fact(4)], pins: [], next: null }
        : new Promise<Page>((resolve) => approvedPages.push(resolve))
    )
    const approvedAfter = () =>
      api.calls
        .filter(
          (call) => call.method === 'memories.facts' && (call.input as FactsInput).status === 'approved'
        )
        .map((call) => (call.input as FactsInput).after?.id)
    await store.getState().loadMemories()
    const approved = store.getState().loadMoreMemoryFacts('approved')
    await store.getState().loadMoreMemoryFacts('forgotten')
    approvedPages[0]?.({ items: [fact(200)], pins: [], next: cursor(200) })
    await approved
    let shown = selectMemoriesView(store.getState())
    expect(shown?.facts.map((f) => f.id).slice(-2)).toEqual([201, 200])
    expect(shown?.forgotten.facts.map((f) => f.id)).toEqual([5, 4])

    // A change lands while the next page is on its way: the view is re-read (its facts moved on),
    // the page begun before is not appended to it, and the page after the re-read list is asked for.
    firstId = 400
    const more = store.getState().loadMoreMemoryFacts('approved')
    await store.getState().loadMemories()
    approvedPages[1]?.({ items: [fact(199)], pins: [], next: null })
    await vi.waitFor(() => expect(approvedPages).toHaveLength(3))
    approvedPages[2]?.({ items: [fact(299)], pins: [], next: null })
    await more
    expect(approvedAfter()).toEqual([201, 200, 300])
    shown = selectMemoriesView(store.getState())
    expect(shown?.facts).toHaveLength(102)
    expect(shown?.facts.map((f) => f.id).slice(-2)).toEqual([300, 299])
  })

  it("re-reads as many facts as were shown, past the contract's page limit, a page at a time", async () => {
    const { api, store } = storeWith()
    const all = Array.from({ length: 1300 }, (_, i) => fact(2000 - i))
    const after = (id: number | undefined) => (id === undefined ? 0 : all.findIndex((f) => f.id === id) + 1)
    const pageFrom = (start: number, limit: number) => {
      const items = all.slice(start, start + limit)
      const last = items.at(-1)
      return {
        items,
        next: start + limit < all.length && last ? { updatedAtMs: last.id, id: last.id } : null
      }
    }
    api.handle('memories.list', ({ agentId, limit }) => {
      const { items, next } = pageFrom(0, limit ?? 500)
      return { ...view(agentId), facts: items, next, factsTotal: all.length }
    })
    api.handle('memories.facts', ({ after: cursor, limit }) => ({
      ...pageFrom(after(cursor?.id), limit ?? 500),
      pins: []
    }))
    await store.getState().loadMemories()
    for (let i = 0; i < 11; i++) await store.getState().loadMoreMemoryFacts('approved')
    expect(selectMemoriesView(store.getState())?.facts).toHaveLength(1200)
    api.calls.length = 0
    await store.getState().loadMemories()
    expect(api.calls.map((call) => [call.method, (call.input as FactsInput).limit])).toEqual([
      ['memories.list', 500],
      ['memories.facts', 500],
      ['memories.facts', 200]
    ])
    const shown = selectMemoriesView(store.getState())
    expect(shown?.facts.map((f) => f.id)).toEqual(all.slice(0, 1200).map((f) => f.id))
  })
})
