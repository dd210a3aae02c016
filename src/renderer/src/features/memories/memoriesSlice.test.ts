import { describe, expect, it } from 'vitest'
import type { MemoriesView } from '../../../../shared/contract'
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
      input: { agentId: 'scribe', query: ' tea ' }
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
})
