import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'
import type { VerifyProgress } from './verifyChain'

function post(home: NexusTestHome, n: number, from = 0): void {
  home.nexus.postMany(
    Array.from({ length: n }, (_, i) => ({
      agent: 'ella',
      type: 'turn' as const,
      summary: `Step ${from + i + 1}`
    }))
  )
}

/**
 * Changes one entry's summary past the append-only guard, as a process editing the file could,
 * and puts the guard back: only the entry itself is wrong afterwards.
 */
function forge(home: NexusTestHome, seq: number, column = 'summary', value: string = 'forged'): void {
  const guard = home.db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'nexus_entries_no_update'")
    .get() as { sql: string }
  home.db.exec('DROP TRIGGER nexus_entries_no_update')
  home.db.prepare(`UPDATE nexus_entries SET ${column} = ? WHERE seq = ?`).run(value, seq)
  home.db.exec(guard.sql)
}

const DAY = 24 * 60 * 60_000

describe('the app’s checks go on from the last good check', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  it('recomputes only the entries after a good whole check, and says from where', async () => {
    post(home, 3_000)
    const wholeAt = home.clock.now()
    expect(await home.nexus.verifyInSteps(() => undefined)).toEqual({
      ok: true,
      count: 3_000,
      firstBadSeq: null,
      problems: []
    })
    post(home, 40, 3_000)
    home.clock.advance(60_000)
    const seen: VerifyProgress[] = []
    const report = await home.nexus.verifyInSteps((progress) => seen.push(progress), true)
    expect(report).toEqual({
      ok: true,
      count: 3_040,
      firstBadSeq: null,
      problems: [],
      resumedAfter: 3_000,
      wholeCheckedAt: wholeAt
    })
    expect(seen[0]).toEqual({ done: 0, total: 40 })
    expect(seen.at(-1)).toEqual({ done: 40, total: 40 })
  })

  it('finds a changed entry after the point, and a later check starts from the first entry again', async () => {
    post(home, 500)
    await home.nexus.verifyInSteps(() => undefined)
    post(home, 20, 500)
    forge(home, 510)
    const report = await home.nexus.verifyInSteps(() => undefined, true)
    expect(report).toMatchObject({ ok: false, count: 520, firstBadSeq: 510, resumedAfter: 500 })
    expect(report.problems.join('\n')).toMatch(/Entry #510: its content does not match its hash/)
    const again = await home.nexus.verifyInSteps(() => undefined, true)
    expect(again).toMatchObject({ ok: false, count: 520, firstBadSeq: 510 })
    expect(again.resumedAfter).toBeUndefined()
  })

  it('leaves an entry before the point to Verify, which finds it; the app’s checks then recompute everything', async () => {
    post(home, 500)
    await home.nexus.verifyInSteps(() => undefined)
    forge(home, 100)
    // Gone on from #500: the change before it is not read again, and the report says so.
    expect(await home.nexus.verifyInSteps(() => undefined, true)).toMatchObject({
      ok: true,
      resumedAfter: 500
    })
    const whole = await home.nexus.verifyInSteps(() => undefined)
    expect(whole).toMatchObject({ ok: false, firstBadSeq: 100 })
    expect(whole.resumedAfter).toBeUndefined()
    expect(await home.nexus.verifyInSteps(() => undefined, true)).toMatchObject({
      ok: false,
      firstBadSeq: 100
    })
  })

  it('starts from the first entry when the entry at the point is not the one the check saw', async () => {
    post(home, 300)
    home.nexus.verify()
    forge(home, 300, 'hash', 'f'.repeat(64))
    const report = await home.nexus.verifyInSteps(() => undefined, true)
    expect(report).toMatchObject({ ok: false, count: 300, firstBadSeq: 300 })
    expect(report.resumedAfter).toBeUndefined()
  })

  it('checks references to entries before the point against the log', async () => {
    post(home, 50)
    home.nexus.verify()
    home.nexus.postMany([{ agent: 'lyra', type: 'ack', summary: 'Seen step 3', refs: [3] }])
    expect(await home.nexus.verifyInSteps(() => undefined, true)).toMatchObject({
      ok: true,
      resumedAfter: 50
    })
    home.nexus.postMany([{ agent: 'lyra', type: 'ack', summary: 'Seen step 4', refs: [4] }])
    const step5 = home.db.prepare('SELECT id FROM nexus_entries WHERE seq = 5').get() as { id: string }
    forge(home, 52, 'ref_ids', JSON.stringify([step5.id]))
    const report = await home.nexus.verifyInSteps(() => undefined, true)
    expect(report).toMatchObject({ ok: false, firstBadSeq: 52, resumedAfter: 51 })
  })

  it('recomputes everything once the whole chain was last recomputed over a day ago', async () => {
    post(home, 200)
    home.nexus.verify()
    home.clock.advance(DAY + 1)
    const seen: VerifyProgress[] = []
    const report = await home.nexus.verifyInSteps((progress) => seen.push(progress), true)
    expect(report).toEqual({ ok: true, count: 200, firstBadSeq: null, problems: [] })
    expect(seen[0]).toEqual({ done: 0, total: 200 })
    // That whole check is the new point: the next check goes on from it.
    expect(await home.nexus.verifyInSteps(() => undefined, true)).toMatchObject({
      resumedAfter: 200,
      wholeCheckedAt: home.clock.now()
    })
  })

  it('does not hand a Verify the running check that went on from a point', async () => {
    post(home, 200)
    home.nexus.verify()
    const resumed = home.nexus.verifyInSteps(() => undefined, true)
    const whole = home.nexus.verifyInSteps(() => undefined)
    expect(whole).not.toBe(resumed)
    expect(home.nexus.verifyInSteps(() => undefined, true)).toBe(whole)
    expect((await resumed).resumedAfter).toBe(200)
    expect((await whole).resumedAfter).toBeUndefined()
  })
})
