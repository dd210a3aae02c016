import { describe, expect, it } from 'vitest'
import type { NexusConflict } from '../../../../shared/contract'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sampleNexusEntry } from '../../testing/nexusEntries'

/** Open pairs (1, n) for n = 2…count+1, newest first, as the core lists them. */
function pairs(count: number): NexusConflict[] {
  return Array.from({ length: count }, (_, index) => count + 1 - index).map((second) => ({
    first: sampleNexusEntry(1, { type: 'decision', summary: 'Use UTC' }),
    second: sampleNexusEntry(second, { type: 'decision', summary: `Use zone ${second}` }),
    sharedRefs: [],
    similarity: 0.5,
    resolvedBy: null,
    reason: `#1 says “UTC”, #${second} says “zone ${second}”; both are about zones.`,
    method: 'terms' as const,
    subject: ['zones']
  }))
}

/** A core-like `nexus.conflicts`: keyset pages of the pairs, filtered by `among`. */
function fakeConflicts(all: readonly NexusConflict[]) {
  const api = createFakeApi()
  api.handle('nexus.conflicts', ({ among, limit = 50, after }) => {
    const matching = all.filter(
      (c) => among === undefined || among.includes(c.first.seq) || among.includes(c.second.seq)
    )
    const start = after === undefined ? 0 : matching.findIndex((c) => c.second.seq === after.second) + 1
    const page = matching.slice(start, start + limit)
    const last = page.at(-1)
    const more = start + limit < matching.length && last !== undefined
    return {
      conflicts: page,
      total: matching.length,
      next: more ? { first: last.first.seq, second: last.second.seq } : null
    }
  })
  return api
}

describe('nexus conflicts slice', () => {
  it('shows the first page with the count of every open pair, and adds the next pages on demand', async () => {
    const api = fakeConflicts(pairs(45))
    const store = createAppStore(api)
    await store.getState().loadNexusConflicts()
    expect(store.getState().nexusConflicts).toHaveLength(10)
    expect(store.getState().nexusConflictTotal).toBe(45)
    await store.getState().loadMoreNexusConflicts()
    expect(store.getState().nexusConflicts.map((c) => c.second.seq)).toEqual(
      Array.from({ length: 30 }, (_, index) => 46 - index)
    )
    await store.getState().loadMoreNexusConflicts()
    expect(store.getState().nexusConflicts).toHaveLength(45)
    expect(store.getState().nexusConflictNext).toBeNull()
    const calls = api.calls.length
    await store.getState().loadMoreNexusConflicts()
    expect(api.calls.length).toBe(calls)
  })

  it('reads every page of the pairs among the lanes’ decisions, and refreshes them with the panel', async () => {
    const api = fakeConflicts(pairs(450))
    const store = createAppStore(api)
    await store.getState().loadLaneConflicts([1])
    expect(store.getState().nexusLaneConflicts).toHaveLength(450)
    await store.getState().loadLaneConflicts([7, 9])
    const shown = store.getState().nexusLaneConflicts
    expect(shown.map((c) => c.second.seq)).toEqual([9, 7])
    // The same answer again keeps the list the lanes are built on.
    await store.getState().loadLaneConflicts([7, 9])
    expect(store.getState().nexusLaneConflicts).toBe(shown)
    api.calls.length = 0
    await store.getState().loadNexusConflicts()
    expect(api.calls.map((call) => call.input)).toEqual([{ limit: 10 }, { among: [7, 9], limit: 200 }])
  })
})
