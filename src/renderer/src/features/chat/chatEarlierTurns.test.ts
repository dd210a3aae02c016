import { describe, expect, it } from 'vitest'
import type { SessionDetail } from '../../../../shared/contract'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture } from '../../testing/sessionFixture'
import { testId } from '../../../../shared/testing/ids'
import { CHAT_TAIL_MESSAGES } from './chatSessionsSlice'

/** A chat of `turns` turns (a question and a reply each), as `sessions.get` answers with or without a tail. */
function longChat(turns: number, tail: number | undefined): SessionDetail {
  const shown = tail === undefined ? turns : Math.min(turns, Math.ceil(tail / 2))
  const messages = Array.from({ length: shown }, (_, i) => turns - shown + i + 1).flatMap((turn) =>
    (['user', 'assistant'] as const).map((role, j) => ({
      id: testId.message(turn * 2 + j),
      turnId: testId.turn(`t${turn}`),
      role,
      kind: role === 'user' ? ('text' as const) : ('reply' as const),
      content: [{ type: 'text', text: `Turn ${turn}` }],
      status: 'complete' as const,
      error: null,
      inContext: true,
      createdAtMs: turn
    }))
  )
  return sessionDetailFixture({ id: testId.session('long'), messages, earlierTurns: turns - shown })
}

describe('a long chat opened on its newest turns', () => {
  it('asks for the tail, says how many turns come before, and reads them all when asked', async () => {
    const api = createFakeApi()
    const asked: { tail?: number }[] = []
    api.handle('sessions.get', (input) => {
      asked.push(input)
      return longChat(1000, input.tail)
    })
    const store = createAppStore(api)
    await store.getState().openChatSession('long')
    expect(asked).toEqual([{ id: 'long', tail: CHAT_TAIL_MESSAGES }])
    expect(store.getState().chatDetail?.messages).toHaveLength(CHAT_TAIL_MESSAGES)
    expect(store.getState().chatDetail?.earlierTurns).toBe(1000 - CHAT_TAIL_MESSAGES / 2)
    await store.getState().loadEarlierChat()
    expect(asked.at(-1)).toEqual({ id: 'long' })
    expect(store.getState().chatDetail?.messages).toHaveLength(2000)
    expect(store.getState().chatDetail?.earlierTurns).toBe(0)
    // Read whole once, it stays whole when it is read again (after a turn, say).
    await store.getState().refreshChatDetail()
    expect(asked.at(-1)).toEqual({ id: 'long' })
  })

  it('reads all of it to show one message, which may be among the earlier turns', async () => {
    const api = createFakeApi()
    const asked: { tail?: number }[] = []
    api.handle('sessions.get', (input) => {
      asked.push(input)
      return longChat(1000, input.tail)
    })
    const store = createAppStore(api)
    await store.getState().openChatSession('long', testId.message(3))
    expect(asked).toEqual([{ id: 'long' }])
    expect(store.getState().chatDetail?.earlierTurns).toBe(0)
  })
})
