import { describe, expect, it } from 'vitest'
import { chooseTtl, FIVE_MINUTES_MS, isWarm, ONE_HOUR_MS, pauseShare, type PreviousCall } from './ttlPolicy'

const MIN = 60_000
const quick = (n: number): number[] => Array.from({ length: n }, (_, i) => (30 + i) * 1000)
const pauses = (n: number): number[] => Array.from({ length: n }, (_, i) => (10 + i) * MIN)
const away = (n: number): number[] => Array.from({ length: n }, (_, i) => ONE_HOUR_MS + (i + 1) * 10 * MIN)
const warmCall: PreviousCall = { sinceMs: MIN, ttl: '5m' }
const evidence = (
  gapsMs: number[],
  prefixTokens = 4000,
  turnTokens = 200,
  previousCall: PreviousCall | null = warmCall
) => ({ gapsMs, prefixTokens, turnTokens, previousCall })

describe('the cache TTL policy', () => {
  it('uses an explicit 5m or 1h setting for every breakpoint and says so', () => {
    for (const setting of ['5m', '1h'] as const) {
      const plan = chooseTtl(setting, evidence(pauses(10), 50_000))
      expect([plan.stable, plan.conversation]).toEqual([setting, setting])
      expect(plan.why.stable).toBe(`set to ${setting} in Settings`)
    }
  })

  it('expects one gap in four to be a pause until the user has shown a rhythm, then follows what it saw', () => {
    expect(pauseShare([])).toBe(0.25)
    expect(pauseShare(quick(20))).toBeCloseTo(1 / 24, 9)
    expect(pauseShare(pauses(4))).toBeCloseTo(5 / 8, 9)
    expect(pauseShare(away(4))).toBeCloseTo(1 / 8, 9)
    expect(chooseTtl('auto', evidence([])).why.conversation).toMatch(
      /no gaps between turns seen yet, so ≈25% of next gaps are expected to be pauses/
    )
    expect(chooseTtl('auto', evidence([MIN])).why.conversation).toMatch(
      /the one gap between turns so far was not 5–60 min, so ≈20% of next gaps are expected to be pauses/
    )
  })

  it('writes a new or expired conversation at 5m, the cheaper price for what is written whole', () => {
    const fresh = chooseTtl('auto', evidence([], 3000, 50, null))
    expect([fresh.stable, fresh.conversation]).toEqual(['5m', '5m'])
    expect(fresh.why.conversation).toMatch(/^auto: 5m — the conversation is new, so it is written again/)
    const back = chooseTtl('auto', evidence(pauses(3), 6000, 200, { sinceMs: 2 * ONE_HOUR_MS, ttl: '1h' }))
    expect(back.conversation).toBe('5m')
    expect(back.why.conversation).toMatch(/the last call was 2\.0 h ago, longer than its 1h entries live/)
    const afterPause = chooseTtl('auto', evidence(pauses(2), 6000, 200, { sinceMs: 20 * MIN, ttl: '5m' }))
    expect(afterPause.conversation).toBe('5m')
  })

  it('writes even a cold conversation at 1h when most of the user’s gaps are pauses', () => {
    const plan = chooseTtl('auto', evidence(pauses(12), 3000, 50, null))
    expect([plan.stable, plan.conversation]).toEqual(['1h', '1h'])
    expect(plan.why.conversation).toMatch(/most gaps outlive a 5-minute entry/)
  })

  it('moves a live conversation to 1h once it is big next to a turn and a pause is plausible', () => {
    const plan = chooseTtl('auto', evidence([...quick(14), ...pauses(2)], 4000, 200))
    expect([plan.stable, plan.conversation]).toEqual(['1h', '1h'])
    expect(plan.why.conversation).toMatch(
      /^auto: 1h — 2 of the last 16 gaps between turns were 5–60 min, so ≈15% .*this turn's ≈200 tokens at the 1-hour price costs less than re-writing ≈4200/
    )
    expect(plan.why.stable).toMatch(/like the conversation after it/)
  })

  it('keeps 5m while a quick user’s conversation is small next to what each turn adds', () => {
    const plan = chooseTtl('auto', evidence(quick(40), 2000, 200))
    expect([plan.stable, plan.conversation]).toEqual(['5m', '5m'])
    expect(plan.why.conversation).toMatch(/too few pauses for ≈2200 tokens/)
    expect(chooseTtl('auto', evidence(quick(40), 20_000, 200)).conversation).toBe('1h')
  })

  it('counts an absence of over an hour like a quick gap: no entry survives it whatever its TTL', () => {
    const withAway = chooseTtl('auto', evidence([...pauses(4), ...quick(16), ...away(10)], 2000, 200))
    const withQuick = chooseTtl('auto', evidence([...pauses(4), ...quick(26)], 2000, 200))
    expect(withAway).toEqual(withQuick)
    expect(withAway.conversation).toBe('1h')
  })

  it('counts a gap of exactly five minutes as a pause and exactly an hour as away; an entry dies at its TTL', () => {
    expect(pauseShare([FIVE_MINUTES_MS])).toBeCloseTo(2 / 5, 9)
    expect(pauseShare([ONE_HOUR_MS])).toBeCloseTo(1 / 5, 9)
    expect(isWarm({ sinceMs: FIVE_MINUTES_MS - 1, ttl: '5m' })).toBe(true)
    expect(isWarm({ sinceMs: FIVE_MINUTES_MS, ttl: '5m' })).toBe(false)
    expect(isWarm({ sinceMs: 59 * MIN, ttl: '1h' })).toBe(true)
    expect(isWarm(null)).toBe(false)
  })
})
