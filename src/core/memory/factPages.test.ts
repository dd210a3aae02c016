import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentId, SessionId } from '../../shared/contract'
import { testId } from '../../shared/testing/ids'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'

let f: ServiceFixture
beforeEach(() => {
  f = createServiceFixture()
  f.agents.create('Ada')
})
afterEach(() => f.dispose())

const SCRIBE = testId.agent('scribe')

/** Every page of Review's list, following `next` to the end. */
function allPages(filter: { agentId?: AgentId; status?: 'pending' | 'approved' }, limit: number) {
  const pages: number[][] = []
  let after
  do {
    const page = f.memory.review.page(filter, { ...(after ? { after } : {}), limit })
    pages.push(page.facts.map((fact) => fact.id))
    after = page.next ?? undefined
  } while (after !== undefined)
  return pages
}

describe('Review in pages', () => {
  it('pages the inbox in its order — agent, chat (none first), id — and the pages together are the whole list', () => {
    const ada = f.agents.list().find((agent) => agent.name === 'Ada')?.id as AgentId
    const chat = (name: string) => testId.session(name) as SessionId
    const ids = [
      f.fact('b1', { status: 'pending', sessionId: chat('b') }).id,
      f.fact('a1', { status: 'pending', sessionId: chat('a') }).id,
      f.fact('none', { status: 'pending' }).id,
      f.fact('ada', { status: 'pending', agentId: ada, sessionId: chat('a') }).id,
      f.fact('a2', { status: 'pending', sessionId: chat('a') }).id,
      f.fact('b2', { status: 'pending', sessionId: chat('b') }).id,
      f.fact('approved', { status: 'approved', sessionId: chat('a') }).id
    ]
    const [b1, a1, none, adas, a2, b2, approved] = ids
    // Ada's id sorts before scribe's; within scribe, no chat first, then chat a, then chat b.
    expect(allPages({}, 100)).toEqual([[adas, none, a1, a2, b1, b2]])
    expect(allPages({}, 2)).toEqual([
      [adas, none],
      [a1, a2],
      [b1, b2]
    ])
    expect(allPages({ agentId: SCRIBE }, 4)).toEqual([[none, a1, a2, b1], [b2]])
    expect(allPages({ status: 'approved' }, 1)).toEqual([[approved]])
  })

  it('ends with next null on a page that is exactly the rest, and an empty list is one empty page', () => {
    f.fact('one', { status: 'pending' })
    f.fact('two', { status: 'pending' })
    expect(f.memory.review.page({}, { limit: 2 }).next).toBeNull()
    expect(allPages({ status: 'approved' }, 5)).toEqual([[]])
  })
})
