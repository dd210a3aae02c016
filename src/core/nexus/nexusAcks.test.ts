import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

describe('acknowledgement status, paged', () => {
  let home: NexusTestHome
  let decisions: number[]
  beforeEach(() => {
    home = openNexusTestHome()
    home.agents.create('Ella', testId.agent('ella'))
    home.agents.create('Lyra', testId.agent('lyra'))
    decisions = Array.from({ length: 7 }, (_, i) => {
      home.nexus.post({ agent: 'lyra', type: 'turn', summary: `work ${i}` })
      return home.nexus.post({ agent: 'lyra', type: 'decision', summary: `Plan ${i}`, rationale: 'simplest' })
        .entry.seq
    })
  })
  afterEach(() => home.dispose())

  it('pages what awaits anyone, oldest first, every entry once, with the total and each member’s count', () => {
    home.nexus.post({ agent: 'ella', type: 'ack', summary: 'Noted', refs: [decisions[1] ?? 0] })
    const awaited = decisions.filter((_, i) => i !== 1)
    const seen: number[] = []
    let page = home.nexus.acks.status({ limit: 2 })
    seen.push(...page.entries.map((entry) => entry.seq))
    while (page.next !== null) {
      expect(page.entries).toHaveLength(2)
      page = home.nexus.acks.status({ limit: 2, after: page.next })
      seen.push(...page.entries.map((entry) => entry.seq))
    }
    expect(seen).toEqual(awaited)
    expect(page.total).toBe(awaited.length)
    expect(page.owed).toEqual(
      expect.arrayContaining([
        { member: 'ella', count: awaited.length },
        { member: 'lyra', count: 0 }
      ])
    )
    expect(page.entries.at(-1)?.awaiting).toEqual(['ella'])
  })

  it('describes only the asked-for entries, while the counts still cover the whole log', () => {
    const asked = [decisions[5] ?? 0, decisions[6] ?? 0]
    const status = home.nexus.acks.status({ seqs: asked })
    expect(status.entries.map((entry) => entry.seq)).toEqual(asked)
    expect(status.next).toBeNull()
    expect(status.total).toBe(decisions.length)
    expect(status.owed.find((owed) => owed.member === 'ella')?.count).toBe(decisions.length)
  })

  it('leaves out entries the user excused from the page and the counts', () => {
    home.nexus.acks.dismiss('ella', decisions[0] ?? 0)
    const status = home.nexus.acks.status({ limit: 100 })
    expect(status.entries.map((entry) => entry.seq)).toEqual(decisions.slice(1))
    expect(status.owed.find((owed) => owed.member === 'ella')?.count).toBe(decisions.length - 1)
  })

  it('gives the same answer in steps, seeing entries appended between its steps', async () => {
    const stepped = home.nexus.acks.statusInSteps({ limit: 100 })
    // Runs between two steps, as another call would.
    const late = home.nexus.post({ agent: 'lyra', type: 'decision', summary: 'Late plan', rationale: 'now' })
      .entry.seq
    const answer = await stepped
    expect(answer).toEqual(home.nexus.acks.status({ limit: 100 }))
    expect(answer.entries.map((entry) => entry.seq)).toEqual([...decisions, late])
  })
})
