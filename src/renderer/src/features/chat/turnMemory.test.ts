import { describe, expect, it } from 'vitest'
import type { MemoryReceipt, SessionDetail, StoredMessageView } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { sessionDetailFixture } from '../../testing/sessionFixture'
import { groupTurns } from './turnGroups'
import { placeTurnMemory, replyText } from './turnMemory'

function message(
  id: number,
  turnId: string,
  kind: StoredMessageView['kind'],
  atMs: number,
  text = ''
): StoredMessageView {
  const role = kind === 'reply' ? 'assistant' : 'user'
  return {
    id: testId.message(id),
    turnId: testId.turn(turnId),
    role,
    kind,
    content: [{ type: 'text', text }],
    status: 'complete',
    error: null,
    inContext: true,
    createdAtMs: atMs
  }
}

function session(messages: StoredMessageView[]): SessionDetail {
  return sessionDetailFixture({ messages })
}

function receipt(
  id: number,
  atMs: number,
  sessionId: string | null = 's1',
  turnId: string | null = null
): MemoryReceipt {
  const usage = { chars: 10, limit: 2200, percent: 0, text: '0% — 10/2200 chars', entryCount: 1 }
  return {
    id,
    agentId: testId.agent('scribe'),
    sessionId: sessionId === null ? null : testId.session(sessionId),
    turnId: turnId === null ? null : testId.turn(turnId),
    target: 'memory',
    path: '/m',
    changes: [{ action: 'add', before: null, after: 'x' }],
    usage,
    origin: 'tool',
    atMs,
    undoable: true,
    undoneAtMs: null
  }
}

describe('placeTurnMemory', () => {
  const detail = session([
    message(1, 'ta', 'text', 100, 'remember tabs'),
    message(2, 'ta', 'reply', 101, 'Saved.'),
    message(3, 'tck', 'checkpoint', 150, 'summary'),
    message(4, 'tb', 'text', 200, 'and spaces?'),
    message(5, 'tb', 'reply', 201, "I'll remember that.")
  ])
  const groups = groupTurns(detail)

  it('places a receipt on the turn it names, whatever its time (a clock step, a turn still streaming)', () => {
    const placed = placeTurnMemory(detail, groups, [
      receipt(1, 250, 's1', 'ta'),
      receipt(2, 5, 's1', 'tb'),
      receipt(3, 300, 's1', 't_streaming'),
      receipt(4, 120, 's2', 'ta')
    ])
    expect(placed.get('ta')?.receipts.map((r) => r.id)).toEqual([1])
    expect(placed.get('tck')?.receipts).toEqual([])
    expect(placed.get('tb')?.receipts.map((r) => r.id)).toEqual([2])
    expect(placed.get('t_streaming')?.receipts.map((r) => r.id)).toEqual([3])
  })

  it('falls back to time for receipts without a turn id: the last turn that started before it; other sessions are ignored', () => {
    const placed = placeTurnMemory(detail, groups, [
      receipt(1, 100),
      receipt(2, 180),
      receipt(3, 250),
      receipt(4, 120, 's2'),
      receipt(5, 120, null)
    ])
    expect(placed.get('ta')?.receipts.map((r) => r.id)).toEqual([1])
    expect(placed.get('tck')?.receipts.map((r) => r.id)).toEqual([2])
    expect(placed.get('tb')?.receipts.map((r) => r.id)).toEqual([3])
  })

  it('keeps a receipt older than the first turn on the first turn instead of dropping it', () => {
    expect(
      placeTurnMemory(detail, groups, [receipt(9, 5)])
        .get('ta')
        ?.receipts.map((r) => r.id)
    ).toEqual([9])
  })

  it('joins the replies of a turn for the unsaved-claim check', () => {
    expect(replyText(groups[2]!)).toBe("I'll remember that.")
  })
})
