import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'
import type { VerifyProgress } from './verifyChain'

/** Posts `n` entries in one append, some referring to earlier ones. */
function postEntries(home: NexusTestHome, n: number): void {
  home.nexus.postMany(
    Array.from({ length: n }, (_, i) =>
      i > 0 && i % 7 === 0
        ? { agent: 'lyra', type: 'ack', summary: `Seen ${i}`, refs: [i] }
        : { agent: 'ella', type: 'turn', summary: `Step ${i + 1}` }
    )
  )
}

describe('verifying the chain in steps', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  it('reports the same as the one-pass check, with progress that rises to the whole log', async () => {
    postEntries(home, 12_345)
    const seen: VerifyProgress[] = []
    const report = await home.nexus.verifyInSteps((progress) => seen.push(progress))
    expect(report).toEqual(home.nexus.verify())
    expect(report).toEqual({ ok: true, count: 12_345, firstBadSeq: null, problems: [] })
    expect(seen[0]).toEqual({ done: 0, total: 12_345 })
    expect(seen.at(-1)).toEqual({ done: 12_345, total: 12_345 })
    const done = seen.map((p) => p.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
  })

  it('gives the thread back between steps, so other work runs while it checks', async () => {
    postEntries(home, 11_000)
    const order: string[] = []
    const verifying = home.nexus.verifyInSteps(({ done }) => order.push(`verify ${done}`))
    setImmediate(() => order.push('other work'))
    await verifying
    expect(order.indexOf('other work')).toBeGreaterThan(0)
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('verify 11000'))
  })

  it('names a changed entry as the one-pass check does', async () => {
    postEntries(home, 6_000)
    home.db.exec('DROP TRIGGER nexus_entries_no_update')
    home.db.prepare("UPDATE nexus_entries SET summary = 'forged' WHERE seq = 5500").run()
    const report = await home.nexus.verifyInSteps(() => undefined)
    expect(report).toEqual(home.nexus.verify())
    expect(report).toMatchObject({ ok: false, count: 6_000, firstBadSeq: 5_500 })
    expect(report.problems.join('\n')).toMatch(/Entry #5500: its content does not match its hash/)
  })

  it('shares one walk between verifies asked for while it runs', async () => {
    postEntries(home, 100)
    const first = home.nexus.verifyInSteps(() => undefined)
    const second = home.nexus.verifyInSteps(() => undefined)
    expect(second).toBe(first)
    await first
    const third = home.nexus.verifyInSteps(() => undefined)
    expect(third).not.toBe(first)
    await third
  })
})
