import { describe, expect, it } from 'vitest'
import { AVAILABILITY_TTL_MS, AvailabilityCache, FLAKE_WINDOW_MS } from './availability'

function steppingClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('AvailabilityCache', () => {
  it('runs a check once per 30 s and reuses its answer in between', async () => {
    const clock = steppingClock()
    const cache = new AvailabilityCache(clock)
    let calls = 0
    const check = () => {
      calls++
      return true
    }
    expect(await cache.isAvailable('t', check)).toBe(true)
    clock.advance(AVAILABILITY_TTL_MS - 1)
    expect(await cache.isAvailable('t', check)).toBe(true)
    expect(calls).toBe(1)
    clock.advance(1)
    expect(await cache.isAvailable('t', check)).toBe(true)
    expect(calls).toBe(2)
  })

  it('caches a negative answer too', async () => {
    const clock = steppingClock()
    const cache = new AvailabilityCache(clock)
    let calls = 0
    const check = async () => {
      calls++
      return false
    }
    expect(await cache.isAvailable('t', check)).toBe(false)
    expect(await cache.isAvailable('t', check)).toBe(false)
    expect(calls).toBe(1)
  })

  it('treats a throwing check as unavailable', async () => {
    const cache = new AvailabilityCache(steppingClock())
    expect(
      await cache.isAvailable('boom', () => {
        throw new Error('no binary')
      })
    ).toBe(false)
    expect(await cache.isAvailable('reject', () => Promise.reject(new Error('socket closed')))).toBe(false)
  })

  it('counts a tool without a check as available', async () => {
    expect(await new AvailabilityCache(steppingClock()).isAvailable('plain', undefined)).toBe(true)
  })

  it('does not trust (or cache) a single "no" right after a "yes"', async () => {
    const clock = steppingClock()
    const cache = new AvailabilityCache(clock)
    let answer = true
    let calls = 0
    const check = () => {
      calls++
      return answer
    }
    expect(await cache.isAvailable('t', check)).toBe(true)
    answer = false
    clock.advance(AVAILABILITY_TTL_MS)
    expect(await cache.isAvailable('t', check)).toBe(true)
    expect(await cache.isAvailable('t', check)).toBe(true)
    expect(calls).toBe(3)
    clock.advance(FLAKE_WINDOW_MS)
    expect(await cache.isAvailable('t', check)).toBe(false)
  })
})
