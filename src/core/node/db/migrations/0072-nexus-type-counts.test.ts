import { afterEach, describe, expect, it } from 'vitest'
import { openNexusTestHome, type NexusTestHome } from '../../../nexus/testing/nexusTestHome'

let home: NexusTestHome | undefined
afterEach(() => {
  home?.dispose()
  home = undefined
})

const AUTHORS = ['ella', 'lyra', 'milo', 'user'] as const
const TYPES = ['turn', 'handoff', 'note', 'decision'] as const

/** Entries by others than `agent` after `cursor` (leaving out `shown`), counted in JS over every row. */
function counted(
  h: NexusTestHome,
  agent: string,
  cursor: number,
  shown: readonly number[]
): { type: string; agent: string; count: number }[] {
  const rows = h.db.prepare('SELECT seq, type, agent FROM nexus_entries').all() as {
    seq: number
    type: string
    agent: string
  }[]
  const counts = new Map<string, { type: string; agent: string; count: number }>()
  for (const row of rows) {
    if (row.seq <= cursor || row.agent === agent || shown.includes(row.seq)) continue
    const key = `${row.type}/${row.agent}`
    counts.set(key, { type: row.type, agent: row.agent, count: (counts.get(key)?.count ?? 0) + 1 })
  }
  return [...counts.values()].sort(
    (a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.agent.localeCompare(b.agent)
  )
}

describe('migration 0072-nexus-type-counts', () => {
  it('keeps the counts by type and author equal to a fresh count as entries are appended', () => {
    home = openNexusTestHome()
    const h = home
    const countsNow = (): unknown =>
      h.db.prepare('SELECT type, agent, n FROM nexus_type_counts ORDER BY type, agent').all()
    const fresh = (): unknown =>
      h.db
        .prepare(
          'SELECT type, agent, COUNT(*) AS n FROM nexus_entries GROUP BY type, agent ORDER BY type, agent'
        )
        .all()
    expect(countsNow()).toEqual([])
    h.nexus.postMany(
      Array.from({ length: 40 }, (_, i) => ({
        agent: AUTHORS[i % 3] as string,
        type: i % 5 === 0 ? ('handoff' as const) : ('turn' as const),
        summary: `Step ${i}`
      }))
    )
    expect(countsNow()).toEqual(fresh())
  })

  it('summarises the unread entries the same from either side of the cursor', () => {
    home = openNexusTestHome()
    const h = home
    h.nexus.postMany(
      Array.from({ length: 300 }, (_, i) => ({
        agent: AUTHORS[(i * 7) % AUTHORS.length] as string,
        type: TYPES[(i * 3) % 3] as 'turn' | 'handoff' | 'note',
        summary: `Entry ${i}`
      }))
    )
    const repository = h.nexus.repository
    // Far behind (counted from the whole log's counts) and near the tail (counted directly), with
    // shown entries on both sides of the cursor.
    for (const [agent, cursor, shown] of [
      ['milo', 0, []],
      ['milo', 10, [5, 11, 12, 299, 300]],
      ['ella', 120, [121, 150, 300]],
      ['ella', 200, [50, 201, 250]],
      ['lyra', 299, [300]],
      ['newcomer', 0, [1, 2, 3]]
    ] as const)
      expect(repository.unreadBreakdown(agent, cursor, shown), `${agent} after #${cursor}`).toEqual(
        counted(h, agent, cursor, shown)
      )
  })
})
