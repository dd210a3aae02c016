import { describe, expect, it } from 'vitest'
import type { MemoryReceipt } from '../../../../shared/contract'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { testId } from '../../../../shared/testing/ids'

function receipt(id: number, atMs: number): MemoryReceipt {
  const usage = { chars: 10, limit: 2200, percent: 0, text: '0% — 10/2200 chars', entryCount: 1 }
  return {
    id,
    agentId: testId.agent('scribe'),
    sessionId: testId.session('s1'),
    turnId: testId.turn(`t${id}`),
    target: 'memory',
    path: '/m',
    changes: [{ action: 'add', before: null, after: `fact ${id}` }],
    usage,
    origin: 'tool',
    atMs,
    undoable: true,
    undoneAtMs: null
  }
}

describe('memory signals', () => {
  it('keeps what each turn recalled, not only the latest turn of the session', () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    const item = { kind: 'fact' as const, factId: 7, slug: null, text: 'Deploys on Fridays', score: 1.2 }
    const base = { agentId: 'scribe', sessionId: testId.session('s1'), provider: 'recall', atMs: 1 }
    api.emit('memory.recalled', { ...base, turnId: testId.turn('t_a'), turnIndex: 0, items: [item] })
    api.emit('memory.recalled', { ...base, turnId: testId.turn('t_b'), turnIndex: 1, items: [] })
    expect(store.getState().recalledByTurn.t_a?.items).toEqual([item])
    expect(store.getState().recalledByTurn.t_b?.items).toEqual([])
  })

  it("loads a session's recall log (after a reload) without undoing what arrived live", async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    const item = (text: string) => ({ kind: 'fact' as const, factId: 7, slug: null, text, score: 1.2 })
    const base = { agentId: 'scribe', sessionId: testId.session('s1'), provider: 'recall', atMs: 1 }
    api.emit('memory.recalled', { ...base, turnId: testId.turn('t_live'), turnIndex: 2, items: [] })
    api.handle('memory.recallsForSession', () => ({
      recalls: [
        { ...base, turnId: testId.turn('t_old'), turnIndex: 0, items: [item('Deploys on Fridays')] },
        { ...base, turnId: testId.turn('t_live'), turnIndex: 2, items: [item('stale')] }
      ]
    }))
    await store.getState().loadSessionRecalls(testId.session('s1'))
    expect(api.calls.filter((call) => call.method === 'memory.recallsForSession')).toEqual([
      { method: 'memory.recallsForSession', input: { sessionId: testId.session('s1') } }
    ])
    expect(store.getState().recalledByTurn.t_old?.items.map((i) => i.text)).toEqual(['Deploys on Fridays'])
    expect(store.getState().recalledByTurn.t_live?.items).toEqual([])
  })

  it('neither duplicates nor drops a receipt that arrives both live and in a load', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.emit('memory.written', receipt(2, 20))
    api.handle('memory.receipts', () => ({ receipts: [receipt(1, 10), receipt(2, 20)] }))
    await store.getState().loadSessionReceipts(testId.session('s1'))
    api.emit('memory.written', receipt(3, 30))
    api.emit('memory.written', receipt(3, 30))
    expect(store.getState().receiptsBySession.s1?.map((r) => r.id)).toEqual([1, 2, 3])
    expect(store.getState().memoryUsage['scribe:memory']?.text).toBe('0% — 10/2200 chars')
  })

  it('Undo marks the receipt undone and takes the usage the undo left; another window hears it by event', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.emit('memory.written', receipt(1, 10))
    const after = { chars: 0, limit: 2200, percent: 0, text: '0% — 0/2200 chars', entryCount: 0 }
    api.handle('memory.undo', ({ receiptId }) => ({
      receipt: { ...receipt(receiptId, 10), undoneAtMs: 99 },
      usage: after,
      message: 'Undone: MEMORY.md is back.'
    }))
    expect(await store.getState().undoMemoryWrite(1)).toEqual({
      ok: true,
      value: 'Undone: MEMORY.md is back.'
    })
    expect(store.getState().receiptsBySession.s1?.[0]?.undoneAtMs).toBe(99)
    expect(store.getState().memoryUsage['scribe:memory']?.text).toBe('0% — 0/2200 chars')

    api.handle('memory.undo', () => {
      throw new Error('Cannot undo this write: MEMORY.md changed after it.')
    })
    expect(await store.getState().undoMemoryWrite(1)).toEqual({
      ok: false,
      message: 'Cannot undo this write: MEMORY.md changed after it.'
    })
    api.emit('memory.undone', {
      receipt: { ...receipt(2, 20), undoneAtMs: 120 },
      usage: after,
      message: 'Undone.'
    })
    expect(store.getState().receiptsBySession.s1?.map((r) => [r.id, r.undoneAtMs])).toEqual([
      [1, 99],
      [2, 120]
    ])
  })
})
