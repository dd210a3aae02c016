import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DecisionSimilarity } from '../ports/decisionSimilarity'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

describe('the conflict ledger', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  const decide = (agent: string, summary: string, refs?: number[]) =>
    home.nexus.post({ agent, type: 'decision', summary, rationale: 'because', ...(refs ? { refs } : {}) })

  it('flags the Quill decisions with both entries and says why, in words', () => {
    const ella = decide('ella', 'Quill stores notes in SQLite with WAL mode')
    const lyra = decide('lyra', 'Quill stores notes in plain Markdown files, not SQLite')
    expect(lyra.conflicts).toHaveLength(1)
    expect(lyra.conflicts[0]).toMatchObject({
      first: { seq: ella.entry.seq, agent: 'ella' },
      second: { seq: lyra.entry.seq, agent: 'lyra' },
      method: 'terms',
      resolvedBy: null,
      reason: `#${lyra.entry.seq} rules out “SQLite”, which #${ella.entry.seq} chose; both are about Quill, stores, notes, SQLite.`
    })
    expect(home.nexus.conflicts()).toHaveLength(1)
  })

  it('compares one author’s decisions too, unless the later one says what it answers', () => {
    const first = decide('ella', 'Release 2.0 ships on March 14')
    const second = decide('ella', 'Release 2.0 ships on March 28')
    expect(second.conflicts[0]?.reason).toBe(
      `#${first.entry.seq} says “14”, #${second.entry.seq} says “28”; both are about Release, 2.0, ships, March. Both are ella’s: the later one does not say it replaces the earlier one.`
    )
    const third = decide('ella', 'Release 2.0 ships on April 2', [second.entry.seq])
    expect(third.conflicts.map((c) => [c.first.seq, c.second.seq])).toEqual([
      [first.entry.seq, third.entry.seq]
    ])
  })

  it('leaves refinements and unrelated decisions alone', () => {
    decide('coder', 'Deploy the API to Fly.io')
    expect(
      decide('nova', 'Deploy the API to Fly.io in the Frankfurt region with two machines').conflicts
    ).toEqual([])
    expect(decide('ella', 'Name the CLI binary hearth').conflicts).toEqual([])
  })

  it('keeps a conflict until a resolution references both, and lists it as resolved when asked', () => {
    const a = decide('coder', 'Use PostgreSQL for the analytics store')
    const b = decide('nova', 'Use ClickHouse for the analytics store')
    const resolution = home.nexus.resolve(
      a.entry.seq,
      b.entry.seq,
      'ClickHouse for analytics, PostgreSQL elsewhere'
    )
    expect(home.nexus.conflicts()).toEqual([])
    expect(home.nexus.conflicts(true)).toMatchObject([{ resolvedBy: resolution.entry.seq }])
  })

  it('pages the open conflicts newest first by cursor, counting them all, and settles one between pages', async () => {
    const base = decide('coder', 'Keep server logs for 30 days').entry.seq
    const later = ['7', '14', '60', '90'].map((days) => decide('ella', `Keep server logs for ${days} days`))
    const pairs = (page: { conflicts: { first: { seq: number }; second: { seq: number } }[] }) =>
      page.conflicts.map((c) => [c.first.seq, c.second.seq])
    const all = home.nexus.conflicts().map((c) => [c.first.seq, c.second.seq])
    expect(all.length).toBeGreaterThan(4)
    const first = await home.nexus.conflictPage({ limit: 3 })
    expect(first.total).toBe(all.length)
    expect(pairs(first)).toEqual(all.slice(0, 3))
    expect(first.next).toEqual({ first: all[2]?.[0], second: all[2]?.[1] })
    home.nexus.resolve(base, later[0]?.entry.seq as number, 'Thirty days it is')
    const rest = await home.nexus.conflictPage({ limit: 50, after: first.next ?? undefined })
    expect(rest.total).toBe(all.length - 1)
    expect(rest.next).toBeNull()
    expect(pairs(rest)).toEqual(all.slice(3).filter(([a, b]) => !(a === base && b === later[0]?.entry.seq)))
    const among = await home.nexus.conflictPage({ limit: 50, among: [base] })
    expect(among.conflicts.every((c) => c.first.seq === base || c.second.seq === base)).toBe(true)
    expect(among.total).toBe(among.conflicts.length)
    const settled = await home.nexus.conflictPage({ limit: 50, includeResolved: true, among: [base] })
    expect(settled.total).toBe(among.total + 1)
    expect(settled.conflicts.find((c) => c.resolvedBy !== null)?.second.seq).toBe(later[0]?.entry.seq)
    expect(await home.nexus.conflictPage({ limit: 5, among: [] })).toEqual({
      conflicts: [],
      total: 0,
      next: null
    })
  })

  it('checks decisions other processes appended when the log is next looked at', () => {
    decide('coder', 'Keep server logs for 30 days')
    home.nexus.postMany([
      { agent: 'ella', type: 'decision', summary: 'Keep server logs for 7 days only', rationale: 'privacy' }
    ])
    expect(home.nexus.conflicts().map((conflict) => conflict.reason)).toEqual([
      '#1 says “30 days”, #2 says “7 days”; both are about server, logs.'
    ])
  })

  it('asks the knowledge layer’s similarity for decisions worded apart, still needing a disagreement', async () => {
    const calls: number[] = []
    const similarity: DecisionSimilarity = {
      similarities: async (text, candidates) => {
        calls.push(candidates.length)
        return new Map(candidates.map((candidate) => [candidate.seq, text.includes('Markdown') ? 0.9 : 0.2]))
      }
    }
    home.dispose()
    home = openNexusTestHome({ similarity })
    decide('ella', 'Notes go in SQLite')
    decide('nova', 'Release on Friday')
    const worded = home.nexus.postMany([
      { agent: 'lyra', type: 'decision', summary: 'No SQLite anywhere: Markdown files', rationale: 'x' }
    ])[0]
    expect(home.nexus.conflicts()).toEqual([])
    const after = await home.nexus.conflictsChecked()
    expect(after.map((c) => [c.first.seq, c.second.seq, c.method])).toEqual([[1, worded?.seq, 'similarity']])
    expect(after[0]?.reason).toBe('#3 rules out “SQLite”, which #1 chose; they mean nearly the same subject.')
    expect(calls.length).toBeGreaterThan(0)
  })
})
