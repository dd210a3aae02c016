import { describe, expect, it } from 'vitest'
import {
  cacheEfficiency,
  cheapestSchedule,
  cheapestUnits,
  idealCostUnits,
  idealUnitsPerRequest,
  type PrefixChain
} from './dayOracle'
import { humanGap, planDay, seeded } from './dayPlan'

const MIN = 60_000

describe('the ideal cache oracle', () => {
  it('pays plain input for a piece used once, a 5m write when reads follow quickly, 1h across a pause, and re-pays after an absence', () => {
    expect(cheapestUnits([0])).toBe(1)
    expect(cheapestUnits([0, MIN, 2 * MIN])).toBeCloseTo(1.25 + 0.2, 9)
    expect(cheapestUnits([0, 20 * MIN, 21 * MIN])).toBeCloseTo(2 + 0.2, 9)
    expect(cheapestUnits([0, 20 * MIN])).toBe(2)
    expect(cheapestUnits([0, 3 * 60 * MIN, 3 * 60 * MIN + MIN])).toBeCloseTo(1 + 1.25 + 0.1, 9)
  })

  it('says what each use costs on the cheapest path: the write where it is paid, reads after it', () => {
    const close = (actual: number[], expected: number[]): void => {
      expect(actual).toHaveLength(expected.length)
      actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i] as number, 9))
    }
    close(cheapestSchedule([]), [])
    close(cheapestSchedule([0, MIN, 2 * MIN]), [1.25, 0.1, 0.1])
    close(cheapestSchedule([0, 20 * MIN, 21 * MIN]), [2, 0.1, 0.1])
    // Away for three hours: the first use is plain input, the next pair a 5-minute write and a read.
    close(cheapestSchedule([0, 180 * MIN, 181 * MIN]), [1, 1.25, 0.1])
    // A pause after quick reads: cheaper to write at 1h from the start than to write twice.
    close(cheapestSchedule([0, MIN, 2 * MIN, 30 * MIN]), [2, 0.1, 0.1, 0.1])
  })

  it('splits the ideal over the requests so the parts add up to the whole', () => {
    const chain = (at: number, hashes: string[]): PrefixChain => ({
      at,
      hashes,
      tokens: hashes.map(() => 100),
      tail: 4,
      read: 0
    })
    const chains = [chain(0, ['a', 'b']), chain(MIN, ['a', 'b', 'c']), chain(90 * MIN, ['a', 'b', 'c', 'd'])]
    const parts = idealUnitsPerRequest(chains)
    expect(parts.reduce((sum, part) => sum + part, 0)).toBeCloseTo(idealCostUnits(chains), 9)
    expect(parts[0]).toBeCloseTo(200 * 1.25 + 4, 9)
    expect(parts[1]).toBeCloseTo(200 * 0.1 + 100 + 4, 9)
  })

  it('sums each distinct prefix block once over every request, plus the uncached tail', () => {
    const chain = (at: number, hashes: string[], read = 0): PrefixChain => ({
      at,
      hashes,
      tokens: hashes.map(() => 100),
      tail: 4,
      read
    })
    const chains = [chain(0, ['a', 'b']), chain(MIN, ['a', 'b', 'c'], 200)]
    expect(idealCostUnits(chains)).toBeCloseTo(100 * 1.35 * 2 + 100 + 8, 9)
    expect(cacheEfficiency(chains)).toBe(1)
    expect(cacheEfficiency([chain(0, ['a']), chain(MIN, ['a', 'b'], 50)])).toBe(0.5)
  })
})

describe('the seeded day', () => {
  it('has 80 turns in 6 sessions of 3 agents, one compression, and human gaps', () => {
    const day = planDay(20261129)
    expect(day).toHaveLength(80)
    expect(new Set(day.map((t) => t.session)).size).toBe(6)
    expect(new Set(day.map((t) => t.agent)).size).toBe(3)
    expect(day.filter((t) => t.compress)).toHaveLength(1)
    expect(planDay(20261129)).toEqual(day)
    const next = seeded(7)
    const gaps = Array.from({ length: 2000 }, () => humanGap(next))
    expect(gaps.filter((g) => g < 2 * MIN).length / gaps.length).toBeGreaterThan(0.6)
    expect(gaps.filter((g) => g >= 5 * MIN && g <= 30 * MIN).length / gaps.length).toBeGreaterThan(0.1)
    expect(gaps.filter((g) => g > 60 * MIN).length / gaps.length).toBeGreaterThan(0.02)
  })
})
