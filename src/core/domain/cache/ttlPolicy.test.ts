import { describe, expect, it } from 'vitest'
import { chooseTtl, FIVE_MINUTES_MS, ONE_HOUR_MS } from './ttlPolicy'

const MIN = 60_000
const quick = (n: number): number[] => Array.from({ length: n }, (_, i) => (30 + i) * 1000)
const pauses = (n: number): number[] => Array.from({ length: n }, (_, i) => (10 + i) * MIN)
const away = (n: number): number[] => Array.from({ length: n }, (_, i) => ONE_HOUR_MS + (i + 1) * 10 * MIN)
const evidence = (gapsMs: number[], conversationTokens = 0, turnTokens = 200) => ({
  gapsMs,
  conversationTokens,
  turnTokens
})

describe('the cache TTL policy', () => {
  it('uses an explicit 5m or 1h setting for every breakpoint and says so', () => {
    for (const setting of ['5m', '1h'] as const) {
      const plan = chooseTtl(setting, evidence(pauses(10), 50_000))
      expect([plan.stable, plan.conversation]).toEqual([setting, setting])
      expect(plan.why.stable).toBe(`set to ${setting} in Settings`)
    }
  })

  it('stays on 5m until it has seen three gaps', () => {
    const plan = chooseTtl('auto', evidence(pauses(2), 50_000))
    expect([plan.stable, plan.conversation]).toEqual(['5m', '5m'])
    expect(plan.why.stable).toMatch(/only 2 gap\(s\)/)
  })

  it('keeps 5m everywhere when turns come quickly', () => {
    const plan = chooseTtl('auto', evidence([...quick(19), 4 * MIN], 8000))
    expect([plan.stable, plan.conversation]).toEqual(['5m', '5m'])
    expect(plan.why.stable).toMatch(/0% of the last 20 gaps between turns were 5–60 min/)
    const rarePause = chooseTtl('auto', evidence([...quick(16), 20 * MIN, ...away(3)], 8000))
    expect(rarePause.stable).toBe('5m')
  })

  it('puts tools + stable tier on 1h when pauses of 5–60 min are common, the small conversation on 5m', () => {
    const plan = chooseTtl('auto', evidence([...quick(14), ...pauses(6)], 300, 200))
    expect([plan.stable, plan.conversation]).toEqual(['1h', '5m'])
    expect(plan.why.stable).toMatch(/^auto: 1h — 30% of the last 20 gaps/)
    expect(plan.why.conversation).toMatch(/still small/)
  })

  it('moves a grown conversation to 1h as well once a re-write after a pause costs more', () => {
    const plan = chooseTtl('auto', evidence([...quick(14), ...pauses(6)], 6000, 200))
    expect([plan.stable, plan.conversation]).toEqual(['1h', '1h'])
    expect(plan.why.conversation).toMatch(/re-writing ≈6000 tokens/)
  })

  it('keeps 5m when the user is mostly away for over an hour (no entry survives that anyway)', () => {
    const plan = chooseTtl('auto', evidence([...quick(4), ...pauses(2), ...away(6)], 6000))
    expect([plan.stable, plan.conversation]).toEqual(['5m', '5m'])
  })

  it('counts a gap of exactly five minutes as a pause and exactly an hour as away', () => {
    expect(chooseTtl('auto', evidence([FIVE_MINUTES_MS, FIVE_MINUTES_MS, FIVE_MINUTES_MS])).stable).toBe('1h')
    expect(chooseTtl('auto', evidence([ONE_HOUR_MS, ONE_HOUR_MS, ONE_HOUR_MS])).stable).toBe('5m')
  })
})
