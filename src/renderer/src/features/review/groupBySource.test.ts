import { describe, expect, it } from 'vitest'
import type { Fact } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { groupBySource } from './groupBySource'

function candidate(id: number, agent: string, session: string | null): Fact {
  return {
    id,
    agentId: testId.agent(agent),
    status: 'pending',
    type: 'preference',
    speaker: 'user',
    text: `Candidate ${id}`,
    entities: [],
    quote: '',
    sessionId: session === null ? null : testId.session(session),
    messageId: null,
    scanFailed: false,
    scanFindings: [],
    mergeTargetId: null,
    mergeKind: null,
    mergeTargetText: null,
    recallSuppressed: false,
    origin: 'retention',
    toolWrite: null,
    sessionTitle: session === null ? null : `Chat ${session}`,
    messageNumber: null,
    importId: null,
    provenance: null,
    createdAtMs: id,
    updatedAtMs: id
  }
}

describe('groupBySource', () => {
  it('groups by agent and chat in first-seen order, keeping each candidate’s place in the list', () => {
    const list = [
      candidate(1, 'scribe', 'a'),
      candidate(2, 'coder', 'a'),
      candidate(3, 'scribe', null),
      candidate(4, 'scribe', 'a'),
      candidate(5, 'coder', null),
      candidate(6, 'scribe', null)
    ]
    const groups = groupBySource(list)
    expect(groups.map((group) => [group.agentId, group.sessionId, group.sessionTitle])).toEqual([
      [testId.agent('scribe'), testId.session('a'), 'Chat a'],
      [testId.agent('coder'), testId.session('a'), 'Chat a'],
      [testId.agent('scribe'), null, null],
      [testId.agent('coder'), null, null]
    ])
    expect(groups.map((group) => group.items.map((item) => [item.fact.id, item.index]))).toEqual([
      [
        [1, 0],
        [4, 3]
      ],
      [[2, 1]],
      [
        [3, 2],
        [6, 5]
      ],
      [[5, 4]]
    ])
  })

  it('groups thousands of candidates over many chats', () => {
    const list = Array.from({ length: 5000 }, (_, i) => candidate(i + 1, 'scribe', `chat-${i % 1000}`))
    const groups = groupBySource(list)
    expect(groups).toHaveLength(1000)
    expect(groups.every((group) => group.items.length === 5)).toBe(true)
    expect(groups[0]?.items.map((item) => item.index)).toEqual([0, 1000, 2000, 3000, 4000])
  })
})
