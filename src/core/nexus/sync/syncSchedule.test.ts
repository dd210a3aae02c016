import { afterEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../../home/config'
import { silentLogger } from '../../ports/logger'
import { SyncSchedule } from './syncSchedule'

describe('the background sync schedule', () => {
  let schedule: SyncSchedule | undefined
  afterEach(() => schedule?.dispose())

  function setup(sync: Record<string, unknown>, busy = false) {
    let now = 0
    let runs = 0
    let release: () => void = () => undefined
    const state = { sync, busy }
    schedule = new SyncSchedule({
      config: { read: () => parseConfig(JSON.stringify({ sync: state.sync })) },
      run: () => {
        runs++
        return new Promise<void>((resolve) => (release = resolve))
      },
      busy: () => state.busy,
      now: () => now,
      log: silentLogger,
      tickMs: 3_600_000
    })
    return {
      state,
      advance: (ms: number) => void (now += ms),
      runs: () => runs,
      finish: () => release()
    }
  }

  it('syncs once the interval has passed, only with a remote, never while a chat answers, one at a time', async () => {
    const world = setup({ remote: '/srv/hearth.git', intervalMinutes: 15 }, true)
    world.advance(14 * 60_000)
    await schedule?.tick()
    expect(world.runs()).toBe(0) // not due yet
    world.advance(2 * 60_000)
    await schedule?.tick()
    expect(world.runs()).toBe(0) // due, but a chat is answering
    world.state.busy = false
    const first = schedule?.tick()
    await schedule?.tick()
    expect(world.runs()).toBe(1) // the second tick found one running
    world.finish()
    await first
    world.advance(60_000)
    await schedule?.tick()
    expect(world.runs()).toBe(1) // the interval counts from the last run
  })

  it('does nothing without a remote or with the interval at 0', async () => {
    for (const sync of [
      { remote: null, intervalMinutes: 5 },
      { remote: '/srv/h.git', intervalMinutes: 0 }
    ]) {
      const world = setup(sync)
      world.advance(24 * 3_600_000)
      await schedule?.tick()
      expect(world.runs()).toBe(0)
      schedule?.dispose()
    }
  })
})
