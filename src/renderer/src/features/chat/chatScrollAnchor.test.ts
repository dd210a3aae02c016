import { describe, expect, it } from 'vitest'
import { MAX_CHAT_SCROLLS, TurnId, UiPlace, type ChatScrollAnchor } from '../../../../shared/contract'
import { anchorAt, keepAnchor } from './chatScrollAnchor'

const turn = (id: string): TurnId => TurnId.parse(id)
const turns = [turn('t1'), turn('t2'), turn('t3')]
const rows = [
  { index: 0, start: 0, end: 300 },
  { index: 1, start: 300, end: 420 },
  { index: 2, start: 420, end: 900 }
]

describe('a chat scrolled back is kept by the turn at the top of the view', () => {
  it('names the first turn reaching below the top, and how far into it the view is', () => {
    expect(anchorAt(rows, 0, turns)).toEqual({ turnId: 't1', offsetPx: 0 })
    expect(anchorAt(rows, 299.6, turns)).toEqual({ turnId: 't1', offsetPx: 300 })
    expect(anchorAt(rows, 300, turns)).toEqual({ turnId: 't2', offsetPx: 0 })
    expect(anchorAt(rows, 500, turns)).toEqual({ turnId: 't3', offsetPx: 80 })
  })

  it('has no anchor past the drawn turns or for a row without a turn', () => {
    expect(anchorAt(rows, 900, turns)).toBeNull()
    expect(anchorAt([], 0, turns)).toBeNull()
    expect(anchorAt([{ index: 7, start: 0, end: 100 }], 0, turns)).toBeNull()
  })
})

describe('the kept places', () => {
  const at = (id: string, offsetPx = 0): ChatScrollAnchor => ({ turnId: turn(id), offsetPx })

  it('keeps one place per chat; a chat read at its end has none', () => {
    const one = keepAnchor({}, 's1', at('t2', 40))
    const two = keepAnchor(one, 's2', at('t9'))
    expect(two).toEqual({ s1: at('t2', 40), s2: at('t9') })
    expect(keepAnchor(two, 's1', null)).toEqual({ s2: at('t9') })
  })

  it('returns the same object when nothing changes, so the store does not announce a change', () => {
    const kept = { s1: at('t2', 40) }
    expect(keepAnchor(kept, 's1', at('t2', 40))).toBe(kept)
    expect(keepAnchor(kept, 's3', null)).toBe(kept)
  })

  it('keeps the most recently read chats, at most the limit, and the contract refuses more', () => {
    let kept: Readonly<Record<string, ChatScrollAnchor>> = {}
    for (let i = 0; i <= MAX_CHAT_SCROLLS; i++) kept = keepAnchor(kept, `s${i}`, at('t1', i))
    expect(Object.keys(kept)).toHaveLength(MAX_CHAT_SCROLLS)
    expect(kept.s0).toBeUndefined()
    kept = keepAnchor(kept, 's1', at('t1', 99))
    expect(Object.keys(kept).at(-1)).toBe('s1')
    const place = { agentId: null, sessionId: null, section: 'chat' }
    expect(UiPlace.safeParse({ ...place, scroll: kept }).success).toBe(true)
    expect(UiPlace.safeParse({ ...place, scroll: { ...kept, extra: at('t1') } }).success).toBe(false)
    expect(UiPlace.safeParse(place).success).toBe(true)
  })
})
