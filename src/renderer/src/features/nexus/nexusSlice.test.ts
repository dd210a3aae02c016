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

  it('opened again with nothing appended, reads no list again; an append that follows on keeps that, a gap or a reconnect does not', async () => {
    const entries = [entry(1, 'ella', 'decision', 'Use UTC'), entry(2, 'lyra', 'turn', 'Imported photos')]
    const api = fakeNexus(entries)
    const store = createAppStore(api)
    connectEvents(api, store)
    const reads = (): string[] =>
      api.calls
        .map((call) => call.method)
        .filter((method) =>
          ['nexus.list', 'nexus.decisions', 'nexus.checkpoints', 'nexus.verify'].includes(method)
        )
    await store.getState().loadNexus()
    expect(reads()).toEqual(['nexus.verify', 'nexus.list', 'nexus.decisions', 'nexus.checkpoints'])
    const shown = store.getState().nexusEntries
    api.calls.length = 0
    await store.getState().loadNexus()
    expect(reads()).toEqual([]) // nor the chain again: it was checked moments ago
    expect(api.calls.map((call) => call.method)).toEqual(['nexus.watch', 'nexus.cursors'])
    expect(store.getState().nexusEntries).toBe(shown)

    // An entry received live follows on from the lists: they are still complete.
    entries.push(entry(3, 'ella', 'turn', 'Sorted the photos'))
    api.emit('nexus.appended', { entries: [entries[2]!] })
    expect(store.getState().nexusFreshTo).toBe(3)
    api.calls.length = 0
    await store.getState().loadNexus()
    expect(reads()).toEqual([])
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([1, 2, 3])

    // Entry 4 was never received (5 arrives after a gap): the next opening reads the lists again.
    entries.push(entry(4, 'lyra', 'turn', 'Missed'), entry(5, 'ella', 'turn', 'After the gap'))
    api.emit('nexus.appended', { entries: [entries[4]!] })
    expect(store.getState().nexusFreshTo).toBeNull()
    api.calls.length = 0
    await store.getState().loadNexus()
    expect(reads()).toContain('nexus.list')
    expect(store.getState().nexusEntries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5])

    // After a reconnect, appends made meanwhile were not received.
    await store.getState().startNexus()
    api.calls.length = 0
    await store.getState().loadNexus()
    expect(reads()).toContain('nexus.list')
  })

  it('checks the chain again on opening once its last check is five minutes old, or when it was broken', async () => {
    const api = fakeNexus([entry(1, 'ella', 'turn', 'a')])
    const store = createAppStore(api)
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    try {
      await store.getState().loadNexus()
      const verifies = (): number => api.calls.filter((call) => call.method === 'nexus.verify').length
      expect(verifies()).toBe(1)
      now.mockReturnValue(1_000_000 + 4 * 60_000)
      await store.getState().loadNexus()
      expect(verifies()).toBe(1)
      now.mockReturnValue(1_000_000 + 6 * 60_000)
      await store.getState().loadNexus()
      await vi.waitFor(() => expect(verifies()).toBe(2))
      api.handle('nexus.verify', () => ({ ok: false, count: 1, firstBadSeq: 1, problems: ['hash of #1'] }))
      await store.getState().verifyNexus()
      await store.getState().loadNexus()
      await vi.waitFor(() => expect(verifies()).toBe(4))
      // Opening goes on from the last good check; the Verify button recomputes every entry.
      const inputs = api.calls.filter((call) => call.method === 'nexus.verify').map((call) => call.input)
      expect(inputs).toEqual([{ resume: true }, { resume: true }, {}, { resume: true }])
    } finally {
      now.mockRestore()
    }
  })

  it('the lanes opened again ask nothing about the same entries’ conflicts and acks while the lists are current', async () => {
    const api = fakeNexus([entry(1, 'ella', 'decision', 'Use UTC'), entry(2, 'lyra', 'decision', 'Use CET')])
    api.handle('nexus.acks', () => ({ members: [], entries: [], owed: [], total: 0, next: null }))
    api.handle('nexus.members.revoke', () => ({ revoked: true }))
    api.handle('nexus.members.list', () => ({ members: [] }))
    const store = createAppStore(api)
    await store.getState().loadNexus()
    const asked = (method: string): number => api.calls.filter((call) => call.method === method).length
    await store.getState().loadLaneConflicts([1, 2])
    await store.getState().loadNexusAcks([1, 2])
    const conflicts = asked('nexus.conflicts')
    await store.getState().loadLaneConflicts([1, 2])
    await store.getState().loadNexusAcks([1, 2])
    expect([asked('nexus.conflicts'), asked('nexus.acks')]).toEqual([conflicts, 1])
    // Other entries, or a member revoked, are asked about again.
    await store.getState().loadLaneConflicts([2])
    expect(asked('nexus.conflicts')).toBe(conflicts + 1)
    await store.getState().revokeNexusMember('codex')
    await store.getState().loadNexusAcks([1, 2])
    expect(asked('nexus.acks')).toBe(2)
    // Lists no longer known complete (a reconnect): asked again.
    await store.getState().startNexus()
    await store.getState().loadNexusAcks([1, 2])
    expect(asked('nexus.acks')).toBe(3)
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
