import { describe, expect, it } from 'vitest'
import type { TurnId } from '../../../../shared/contract'
import { replyStatusText } from './replyStatus'
import { testId } from '../../../../shared/testing/ids'
import type { TurnGroup } from './turnGroups'

type Reply = TurnGroup['replies'][number]

function turn(replies: readonly Partial<Reply>[]): TurnGroup {
  return {
    turnId: 'turn-1' as TurnId,
    userText: 'Where is the checklist?',
    userMessageId: testId.message(1),
    userAttachments: [],
    checkpoint: null,
    replies: replies.map((reply, i) => ({
      id: i + 2,
      text: 'It lives',
      status: 'complete',
      error: null,
      inContext: true,
      ...reply
    })),
    tools: [],
    compressed: false
  }
}

const broken = { status: 'error', inContext: false } as const

describe('the words under a reply that broke off', () => {
  it('says the retry answered only when a later reply of the turn completed', () => {
    const group = turn([broken, { status: 'complete' }])
    expect(replyStatusText(group, 0)).toContain('the retry below answered instead')
    expect(replyStatusText(group, 1)).toBeNull()
  })

  it('says the retry did not answer either when it failed before any text', () => {
    const text = replyStatusText(turn([broken]), 0)
    expect(text).toContain('the retry did not answer either')
    expect(text).not.toContain('answered instead')
  })

  it('says so when the retry broke off too, and marks that second reply as failed midway', () => {
    const group = turn([broken, { status: 'error', inContext: true }])
    expect(replyStatusText(group, 0)).toContain('the retry did not answer either')
    expect(replyStatusText(group, 1)).toBe('failed midway — the part that arrived is kept')
  })

  it('tells a retry still streaming and one the user stopped', () => {
    expect(replyStatusText(turn([broken, { status: 'streaming' }]), 0)).toContain('a retry is answering')
    expect(replyStatusText(turn([broken, { status: 'partial' }]), 0)).toContain('was stopped')
  })

  it('keeps the plain status for a reply still in context or summarised away', () => {
    expect(replyStatusText(turn([{ status: 'partial' }]), 0)).toBe('stopped — partial reply kept')
    expect(replyStatusText({ ...turn([broken]), compressed: true }, 0)).toBe(
      'failed midway — the part that arrived is kept'
    )
  })
})
