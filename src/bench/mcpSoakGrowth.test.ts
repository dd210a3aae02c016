import { describe, expect, it } from 'vitest'
import { residentGrowthKb } from './mcpSoakBench'

/** A reading a second for ten minutes: a heap that climbs 75 MB and is collected every 40 s, plus `leakKbPerS`. */
function soak(leakKbPerS: number): { at: number; kb: number }[] {
  return Array.from({ length: 600 }, (_, second) => ({
    at: second * 1000,
    kb: 150_000 + ((second % 40) / 40) * 75_000 + leakKbPerS * second
  }))
}

describe('the MCP soak’s memory growth', () => {
  it('is near zero for a heap that only rises and falls between collections', () => {
    const samples = soak(0)
    // Two single readings at the wrong points of the cycle would have said 73 MB.
    expect(((samples.at(-1)?.kb ?? 0) - (samples[40]?.kb ?? 0)) / 1024).toBeGreaterThan(70)
    // Within a tenth of the cycle’s height: the quarters hold whole cycles but for a part of one.
    expect(Math.abs(residentGrowthKb(samples)) / 1024).toBeLessThan(7.5)
  })

  it('finds a leak that lifts the whole cycle', () => {
    // 100 KB a second: about 44 MB between the middles of the first and last quarters (450 s apart).
    const growthMb = residentGrowthKb(soak(100)) / 1024
    expect(growthMb).toBeGreaterThan(35)
    expect(growthMb).toBeLessThan(55)
  })

  it('says it could not measure when the host gave no reading', () => {
    expect(residentGrowthKb([])).toBeNaN()
  })
})
