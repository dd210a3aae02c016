import { describe, expect, it, vi } from 'vitest'
import type { NexusEntry } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi, type FakeApi } from '../../testing/fakeApi'
import { sampleNexusEntry } from '../../testing/nexusEntries'

function entry(seq: number, agent: string, type: NexusEntry['type'], summary: string): NexusEntry {
  return sampleNexusEntry(seq, { agent, type, summary })
}

function fakeNexus(entries: NexusEntry[]): FakeApi {
  const api = createFakeApi()
  api.handle('nexus.watch', () => ({ watching: true as const, tailSeq: entries.length }))
  api.handle('nexus.list', (filter) => {
    const matching = entries.filter(
      (e) => (!filter.agent || e.agent === filter.agent) && (!filter.type || e.type === filter.type)
    )
    return { entries: matching, total: matching.length }
  })
  api.handle('nexus.decisions', () => ({ entries: entries.filter((e) => e.type === 'decision') }))
  api.handle('nexus.checkpoints', () => ({ entries: [] }))
  api.handle('nexus.conflicts', () => ({ conflicts: [], total: 0, next: null }))
  api.handle('nexus.cursors', ({ agents = [] }) => ({
    cursors: agents.map((agent) => ({
      agent,
      seq: 0,
      unread: entries.filter((e) => e.agent !== agent).length,
      updatedAt: null
    }))
  }))
  api.handle('nexus.verify', () => ({ ok: true, count: entries.length, firstBadSeq: null, problems: [] }))
  return api
}

describe('nexus slice', () => {
  it('loads the timeline, side lists and chain status, and starts watching', async () => {
    const api = fakeNexus([
      entry(1, 'ella', 'decision', 'Use UTC'),
      entry(2, 'lyra', 'turn', 'Imported photos')
    ])
    const store = createAppStore(api)
    await store.getState().loadNexus()
    const state = store.getState()
    expect(state.nexusEntries.map((e) => e.seq)).toEqual([1, 2])
    expect(state.nexusAuthors).toEqual(['ella', 'lyra'])
    expect(state.nexusDecisions.map((e) => e.seq)).toEqual([1])
    expect(state.nexusChain).toMatchObject({ ok: true, count: 2 })
    expect(api.calls.map((call) => call.method)).toContain('nexus.watch')
  })

  it('keeps the list it shows when a reload finds the same entries, and takes a changed one', async () => {
    const entries = [entry(1, 'ella', 'decision', 'Use UTC'), entry(2, 'lyra', 'turn', 'Imported photos')]
    const api = fakeNexus(entries)
    const store = createAppStore(api)
    await store.getState().loadNexus()
    const shown = store.getState().nexusEntries
    await store.getState().loadNexus()
    expect(store.getState().nexusEntries).toBe(shown)
    entries.push(entry(3, 'ella', 'turn', 'Sorted the photos'))
    await store.getState().loadNexus()
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([1, 2, 3])
  })

  it('shows a running verify as entries done of all, and clears it with the report', async () => {
    const api = fakeNexus([entry(1, 'ella', 'turn', 'a'), entry(2, 'lyra', 'turn', 'b')])
    let finish: () => void = () => undefined
    api.handle(
      'nexus.verify',
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ ok: true, count: 2, firstBadSeq: null, problems: [] })
        })
    )
    const store = createAppStore(api)
    connectEvents(api, store)
    api.emit('nexus.verifyProgress', { done: 1, total: 2 })
    expect(store.getState().nexusVerifying).toBeNull() // another window's verify is not shown as ours
    await store.getState().loadNexus()
    expect(store.getState().nexusLoaded).toBe(true) // the lists did not wait for the check
    expect(store.getState().nexusVerifying).toEqual({ done: 0, total: 2 })
    api.emit('nexus.verifyProgress', { done: 1, total: 2 })
    expect(store.getState().nexusVerifying).toEqual({ done: 1, total: 2 })
    finish()
    await vi.waitFor(() => expect(store.getState().nexusChain).toMatchObject({ ok: true, count: 2 }))
    expect(store.getState().nexusVerifying).toBeNull()
  })

  it('adds live entries once, only when they match the filter', async () => {
    const api = fakeNexus([entry(1, 'ella', 'turn', 'a')])
    const store = createAppStore(api)
    connectEvents(api, store)
    await store.getState().loadNexus()
    api.emit('nexus.appended', { entries: [entry(2, 'lyra', 'turn', 'b'), entry(1, 'ella', 'turn', 'a')] })
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([1, 2])
    expect(store.getState().nexusTailSeq).toBe(2)
    store.getState().setNexusFilter({ agent: 'ella' })
    await expect.poll(() => store.getState().nexusEntries.map((e) => e.seq)).toEqual([1])
    api.emit('nexus.appended', { entries: [entry(3, 'lyra', 'turn', 'c'), entry(4, 'ella', 'turn', 'd')] })
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([1, 4])
    expect(store.getState().nexusAuthors).toEqual(['ella', 'lyra'])
  })

  it('starts watching at app start with the conflicts for the badge, and pages older entries in', async () => {
    const all = Array.from({ length: 5 }, (_, i) => entry(i + 1, 'ella', 'turn', `e${i + 1}`))
    const api = fakeNexus(all)
    api.handle('nexus.list', (filter) => {
      const before = filter.before ?? Infinity
      const page = all.filter((e) => e.seq < before).slice(-2)
      return { entries: page, total: all.length }
    })
    const store = createAppStore(api)
    await store.getState().startNexus()
    expect(store.getState().nexusTailSeq).toBe(5)
    expect(api.calls.map((call) => call.method)).toEqual(['nexus.watch', 'nexus.conflicts'])
    await store.getState().loadNexus()
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([4, 5])
    await store.getState().loadOlderNexus()
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([2, 3, 4, 5])
  })

  it('loads unread counts for every author and refreshes them after live appends; remembers the view', async () => {
    const entries = [entry(1, 'ella', 'turn', 'a'), entry(2, 'lyra', 'turn', 'b')]
    const api = fakeNexus(entries)
    const store = createAppStore(api)
    connectEvents(api, store)
    await store.getState().loadNexus()
    expect(store.getState().nexusError).toBeNull()
    expect(store.getState().nexusCursors).toEqual([
      { agent: 'ella', seq: 0, unread: 1, updatedAt: null },
      { agent: 'lyra', seq: 0, unread: 1, updatedAt: null }
    ])
    entries.push(entry(3, 'otto', 'turn', 'c'))
    api.emit('nexus.appended', { entries: [entries[2] as NexusEntry] })
    await expect
      .poll(() => store.getState().nexusCursors.map((cursor) => `${cursor.agent}:${cursor.unread}`))
      .toEqual(['ella:2', 'lyra:2', 'otto:2'])
    expect(store.getState().nexusView).toBe('timeline')
    store.getState().setNexusView('lanes')
    expect(store.getState().nexusView).toBe('lanes')
  })

  it('reports a refused project-state save as a conflict and keeps the draft', async () => {
    const api = createFakeApi()
    const { RpcError } = await import('../../api/rpcError')
    api.handle('nexus.projectState.read', () => ({
      path: '/h/nexus/project-state.md',
      content: 'old',
      hash: 'h1',
      version: null,
      entry: null
    }))
    api.handle('nexus.projectState.save', () => {
      throw new RpcError('conflict', 'project-state.md changed on disk after you opened it.')
    })
    const store = createAppStore(api)
    await store.getState().loadProjectState()
    store.getState().editProjectState('mine')
    await store.getState().saveProjectState()
    expect(store.getState().projectState).toMatchObject({
      draft: 'mine',
      content: 'old',
      conflict: 'project-state.md changed on disk after you opened it.',
      saving: false
    })
  })
})
