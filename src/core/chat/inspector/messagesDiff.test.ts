import { describe, expect, it } from 'vitest'
import type { RequestMessage } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'
import { DIFF_MESSAGES_SHOWN, diffMessages, messageDiffPage } from './messagesDiff'

function message(n: number): RequestMessage {
  return {
    role: n % 2 === 1 ? 'user' : 'assistant',
    content: [{ type: 'text', text: `message number ${n}` }],
    sourceIds: [testId.message(n)]
  }
}

/** Messages `first`…`last` (1-based, inclusive). */
function run(first: number, last: number): RequestMessage[] {
  return Array.from({ length: last - first + 1 }, (_, i) => message(first + i))
}

const budget = (): { cells: number } => ({ cells: 4_000_000 })

describe('a diff of a long request’s messages', () => {
  it('lists only the newest changes of a moved window, counts every position and says where the list starts', () => {
    // The window moved by two: every one of 200 positions now holds another message.
    const diff = diffMessages(run(1, 200), run(3, 202), budget())
    expect(diff.messageCounts).toEqual({ kept: 0, changed: 200, new: 0, gone: 0 })
    expect(diff.messagePositions).toBe(200)
    expect(diff.messages).toHaveLength(DIFF_MESSAGES_SHOWN)
    const from = 200 - DIFF_MESSAGES_SHOWN
    expect(diff.messages.map((m) => m.index)).toEqual(
      Array.from({ length: DIFF_MESSAGES_SHOWN }, (_, i) => from + i)
    )
    expect(diff.messagesFrom).toBe(from)
    expect(diff.messages.at(-1)?.blocks[0]?.words).toEqual([
      { op: 'same', text: 'message number ' },
      { op: 'remove', text: '200' },
      { op: 'add', text: '202' }
    ])
  })

  it('pages the earlier changes back to the first, each page ending where the one after it starts', () => {
    const before = run(1, 50)
    const after = run(3, 52)
    const first = messageDiffPage(before, after, 30, 20, budget())
    expect(first.from).toBe(10)
    expect(first.messages.map((m) => m.index)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i))
    const last = messageDiffPage(before, after, first.from, 20, budget())
    expect(last.from).toBe(0)
    expect(last.messages.map((m) => m.index)).toEqual(Array.from({ length: 10 }, (_, i) => i))
  })

  it('starts the list at 0 when only kept positions come before the listed changes', () => {
    // A long chat that grew at its end: the history is kept, the newest two are new.
    const diff = diffMessages(run(1, 300), run(1, 302), budget())
    expect(diff.messageCounts).toEqual({ kept: 300, changed: 0, new: 2, gone: 0 })
    expect(diff.messages.map((m) => [m.index, m.status])).toEqual([
      [300, 'new'],
      [301, 'new']
    ])
    expect(diff.messagesFrom).toBe(0)
  })

  it('ignores a moved cache marker and tells a gone message from a changed one', () => {
    const marked = run(1, 3).map((m, i) =>
      i === 2 ? { ...m, content: [{ ...m.content[0], cache_control: { type: 'ephemeral' } }] } : m
    )
    const diff = diffMessages(run(1, 4), marked, budget())
    expect(diff.messageCounts).toEqual({ kept: 3, changed: 0, new: 0, gone: 1 })
    expect(diff.messages.map((m) => [m.index, m.status])).toEqual([[3, 'gone']])
  })
})
