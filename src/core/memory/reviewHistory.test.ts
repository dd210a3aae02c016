import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

let f: ServiceFixture
beforeEach(() => {
  f = createServiceFixture()
})
afterEach(() => f.dispose())

const scribe = testId.agent('scribe')
const review = () => f.memory.review
const history = () => f.memory.reviewHistory
const recallTexts = async (query: string) =>
  (await f.memory.search(scribe, query, 5)).map((item) => item.text)

describe('Review history', () => {
  it('lists approvals, rejections and merges newest first, with what was decided and when', async () => {
    const kept = f.fact('The user deploys on Fridays')
    const a = f.fact('The user keeps dotfiles in a bare git repo', { status: 'pending' })
    const b = f.fact('The user likes tabs', { status: 'pending' })
    const c = f.fact('The user now deploys on Tuesdays', { status: 'pending' })
    await review().approve(a.id, 'The user keeps dotfiles in a bare git repository')
    review().reject(b.id)
    review().merge(c.id, kept.id, 'The user deploys on Tuesdays (was Fridays)')

    const decided = history().decided(scribe)
    expect(decided.map((d) => [d.decision, d.candidate.id])).toEqual([
      ['merged', c.id],
      ['rejected', b.id],
      ['approved', a.id]
    ])
    expect(decided[2]).toMatchObject({
      text: 'The user keeps dotfiles in a bare git repository',
      undoneAtMs: null,
      undoBlocked: null,
      merge: null
    })
    expect(decided[0]?.merge).toEqual({
      intoId: kept.id,
      intoText: 'The user deploys on Tuesdays (was Fridays)',
      intoBefore: 'The user deploys on Fridays'
    })
    expect(decided.every((d) => d.atMs > 0)).toBe(true)
    expect(history().decided(testId.agent('other'))).toEqual([])
    expect(history().decided(undefined)).toHaveLength(3)
  })

  it('undoing an approval puts the candidate back in the inbox, and recall no longer finds it', async () => {
    const fact = f.fact('The user keeps dotfiles in a bare git repo', { status: 'pending' })
    await review().approve(fact.id)
    expect(await recallTexts('dotfiles')).toEqual(['The user keeps dotfiles in a bare git repo'])
    const [decision] = history().decided(scribe)
    const { candidate } = history().undo(decision?.eventId as number)
    expect(candidate.status).toBe('pending')
    expect(await recallTexts('dotfiles')).toEqual([])
    expect(
      review()
        .list({ agentId: scribe })
        .map((c) => c.id)
    ).toEqual([fact.id])
    expect(history().decided(scribe)[0]).toMatchObject({ undoneAtMs: expect.any(Number), undoBlocked: null })
    expect(() => history().undo(decision?.eventId as number)).toThrow(
      'This approved decision was undone already.'
    )
    expect(f.memory.facts.history(fact.id).at(-1)).toMatchObject({
      kind: 'undone',
      detail: { event: decision?.eventId, undid: 'approved', from: 'approved', to: 'pending' }
    })
    expect(f.emitted.filter((e) => e.event === 'review.changed').at(-1)?.payload).toEqual({
      agentId: 'scribe',
      pending: 1
    })
  })

  it('undoing a rejection puts the candidate back; a decision changed since cannot be undone', async () => {
    const fact = f.fact('The user is learning Rust', { status: 'pending' })
    review().reject(fact.id)
    const rejected = history().decided(scribe)[0]?.eventId as number
    expect(history().undo(rejected).candidate.status).toBe('pending')

    await review().approve(fact.id)
    review().forget(fact.id)
    const approval = history().decided(scribe)[0]
    expect(approval).toMatchObject({
      decision: 'approved',
      undoBlocked: 'It changed since (forgotten); it is forgotten now.'
    })
    expect(() => history().undo(approval?.eventId as number)).toThrow('It changed since (forgotten)')
    expect(() => history().undo(99_999)).toThrow('No decision with event id 99999')
  })

  it('undoing a merge returns the candidate to the inbox and the fact to its text before', async () => {
    const kept = f.fact('The user deploys on Fridays')
    const candidate = f.fact('The user now deploys on Tuesdays', { status: 'pending' })
    review().merge(candidate.id, kept.id, 'The user deploys on Tuesdays (was Fridays)')
    const merge = history().decided(scribe)[0]?.eventId as number
    const { changed } = history().undo(merge)
    expect(changed.map((fact) => [fact.id, fact.status, fact.text])).toEqual([
      [candidate.id, 'pending', 'The user now deploys on Tuesdays'],
      [kept.id, 'approved', 'The user deploys on Fridays']
    ])
    expect(await recallTexts('deploy')).toEqual(['The user deploys on Fridays'])
  })

  it('undoing a merge of several candidates reopens each of them and restores the first one’s text', () => {
    const [a, b, c] = ['Likes tea', 'Drinks green tea', 'Prefers tea to coffee'].map((text) =>
      f.fact(text, { status: 'pending' })
    ) as [ReturnType<typeof f.fact>, ReturnType<typeof f.fact>, ReturnType<typeof f.fact>]
    review().mergeCandidates([a.id, b.id, c.id], 'The user prefers green tea to coffee')
    const decided = history().decided(scribe)
    expect(decided.map((d) => d.candidate.id)).toEqual([c.id, b.id])
    history().undo(decided[1]?.eventId as number)
    expect(
      review()
        .list({ agentId: scribe })
        .map((fact) => [fact.id, fact.text])
    ).toEqual([
      [a.id, 'Likes tea'],
      [b.id, 'Drinks green tea'],
      [c.id, 'Prefers tea to coffee']
    ])
    expect(history().decided(scribe)[0]).toMatchObject({
      candidate: { id: c.id },
      undoneAtMs: expect.any(Number),
      undoBlocked: null
    })
  })

  it('refuses to undo a merge whose fact was edited since, and names it', () => {
    const kept = f.fact('The user deploys on Fridays')
    const candidate = f.fact('The user now deploys on Tuesdays', { status: 'pending' })
    review().merge(candidate.id, kept.id, 'The user deploys on Tuesdays')
    review().edit(kept.id, 'The user deploys on Wednesdays')
    const merge = history().decided(scribe)[0]
    expect(merge?.undoBlocked).toBe(
      `#${kept.id}, the fact it was merged into, was edited since; edit it by hand instead.`
    )
  })
  it('an approval that wrote to MEMORY.md is not undone here: it points at Memories → Writes', async () => {
    writeFileSync(f.paths.config, JSON.stringify({ memory: { agentWrites: 'ask' } }))
    const { result } = await f.memory.tool.execute(
      { target: 'memory', action: 'add', content: 'The build runs on Node 20' },
      { agentId: scribe, sessionId: null, origin: 'tool' }
    )
    await review().approve(result.candidate_id as number)
    expect(history().decided(scribe)[0]?.undoBlocked).toBe(
      'This approval wrote to MEMORY.md; undo that write in Memories → Writes.'
    )
  })
})

describe('Review history, a merge into an approved fact', () => {
  it('leaves that fact’s own approval undoable: being merged into is not a decision on it', async () => {
    const candidate = f.fact('The user deploys on Fridays', { status: 'pending' })
    await review().approve(candidate.id)
    const other = f.fact('The user now deploys on Tuesdays', { status: 'pending' })
    review().merge(other.id, candidate.id, 'The user deploys on Tuesdays')
    const approval = history().decided(scribe)[1]
    expect(approval).toMatchObject({ decision: 'approved', undoBlocked: null })
  })
})
