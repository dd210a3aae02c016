import { describe, expect, it } from 'vitest'
import { hammingAt, nearestByHamming, popcount32 } from './hamming'
import { SimdCodes } from './simdHamming'

/** A small deterministic PRNG of 32-bit words, so every run checks the same data. */
function words(seed: number, length: number): Uint32Array {
  let state = seed >>> 0 || 1
  const out = new Uint32Array(length)
  for (let i = 0; i < length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    out[i] = state >>> 0
  }
  return out
}

function slowDistance(codes: Uint32Array, base: number, query: Uint32Array, used: number): number {
  let distance = 0
  for (let w = 0; w < used; w++) distance += popcount32((codes[base + w] as number) ^ (query[w] as number))
  return distance
}

describe('Hamming distances over sign bits', () => {
  it('counts the same bits as one popcount a word, at every model size (past 31 words too)', () => {
    for (const used of [1, 12, 24, 31, 32, 48, 96]) {
      const codes = words(used, used * 20)
      const query = words(used + 1000, used)
      for (let item = 0; item < 20; item++)
        expect(hammingAt(codes, item * used, query, used)).toBe(slowDistance(codes, item * used, query, used))
    }
  })

  it('counts every bit when all of them differ (no per-byte sum overflows)', () => {
    for (const used of [31, 32, 62, 96]) {
      const ones = new Uint32Array(used).fill(0xffffffff)
      expect(hammingAt(ones, 0, new Uint32Array(used), used)).toBe(used * 32)
    }
  })

  it('picks the n nearest slots the filter lets through, ties at the cut included', () => {
    for (const [perItem, count] of [
      [24, 3000],
      [48, 900]
    ] as const) {
      const codes = words(perItem * 7, perItem * count)
      const query = words(99, perItem)
      const slots = Array.from({ length: count }, (_, slot) => slot).filter(keep)
      const expected = nearestSlots(slots, (slot) => slowDistance(codes, slot * perItem, query, perItem), 50)
      expect([...nearestByHamming(codes, perItem, count, query, 50, keep)]).toEqual(expected)
    }
  })

  it('over many long vectors, ranks by all bits the nearest ten times n by the first 384 bits', () => {
    const [perItem, count] = [48, 30000]
    const codes = words(5, perItem * count)
    const query = words(6, perItem)
    const slots = Array.from({ length: count }, (_, slot) => slot).filter(keep)
    const coarse = nearestSlots(slots, (slot) => slowDistance(codes, slot * perItem, query, 12), 500)
    const expected = nearestSlots(coarse, (slot) => slowDistance(codes, slot * perItem, query, perItem), 50)
    expect([...nearestByHamming(codes, perItem, count, query, 50, keep)]).toEqual(expected)
  })
})

describe('the SIMD scan', () => {
  it('runs here, and gives the JavaScript scan’s distances and picks', () => {
    const [perItem, count] = [24, 5000]
    const simd = SimdCodes.create(perItem, count)
    expect(simd).not.toBeNull()
    simd!.codes.set(words(3, perItem * count))
    const query = words(4, perItem)
    for (const used of [24, 12]) {
      const distances = [...simd!.distances(query, used, count)]
      expect(distances).toEqual(
        Array.from({ length: count }, (_, slot) => slowDistance(simd!.codes, slot * perItem, query, used))
      )
    }
    const plain = new Uint32Array(simd!.codes)
    expect([...nearestByHamming(simd!.codes, perItem, count, query, 40, keep, simd)]).toEqual([
      ...nearestByHamming(plain, perItem, count, query, 40, keep)
    ])
  })

  it('leaves sizes it cannot scan to JavaScript', () => {
    expect(SimdCodes.create(6, 100)).toBeNull() // 192 dimensions: not whole 16-byte chunks
    expect(SimdCodes.create(128, 100)).toBeNull() // 4,096 dimensions: byte counts could overflow
    expect(SimdCodes.create(24, 100)?.serves(12)).toBe(true)
    expect(SimdCodes.create(24, 100)?.serves(10)).toBe(false)
  })
})

function keep(slot: number): boolean {
  return slot % 3 !== 0
}

/** Of `slots`, in their order, those at or under the smallest distance that at least `n` reach. */
function nearestSlots(slots: readonly number[], distance: (slot: number) => number, n: number): number[] {
  const sorted = slots.map(distance).sort((a, b) => a - b)
  const cutoff = sorted[Math.min(n, sorted.length) - 1] as number
  return slots.filter((slot) => distance(slot) <= cutoff)
}
