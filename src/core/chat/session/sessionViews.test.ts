import { describe, expect, it } from 'vitest'
import { testId } from '../../../shared/testing/ids'
import type { StoredMessage } from '../chatTypes'
import { tailTurns } from './sessionViews'

/** A stored message of one turn: the user's question or a reply. */
function message(id: number, turn: string, role: 'user' | 'assistant'): StoredMessage {
  return {
    id: testId.message(id),
    sessionId: testId.session('s1'),
    turnId: testId.turn(turn),
    role,
    kind: role === 'user' ? 'text' : 'reply',
    content: [{ type: 'text', text: `${turn} ${role}` }],
    status: 'complete',
    error: null,
    inContext: true,
    usage: null,
    createdAtMs: id
  }
}

// Three turns: the second has a tool loop (three messages), so a tail can fall inside it.
const chat = [
  message(1, 't1', 'user'),
  message(2, 't1', 'assistant'),
  message(3, 't2', 'user'),
  message(4, 't2', 'assistant'),
  message(5, 't2', 'assistant'),
  message(6, 't3', 'user'),
  message(7, 't3', 'assistant')
]

describe('a chat read on its tail', () => {
  it('is every message when no tail is asked for or the chat is shorter', () => {
    expect(tailTurns(chat, undefined)).toEqual({ shown: chat, earlierTurns: 0 })
    expect(tailTurns(chat, 7)).toEqual({ shown: chat, earlierTurns: 0 })
  })

  it('is whole turns from the end holding at least the tail, and counts the turns before them', () => {
    const two = tailTurns(chat, 2)
    expect(two.shown.map((m) => m.id)).toEqual([6, 7])
    expect(two.earlierTurns).toBe(2)
    // Three messages reach into the second turn: all of it is shown, never half a turn.
    const three = tailTurns(chat, 3)
    expect(three.shown.map((m) => m.id)).toEqual([3, 4, 5, 6, 7])
    expect(three.earlierTurns).toBe(1)
  })
})
