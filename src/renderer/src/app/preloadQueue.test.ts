import { describe, expect, it } from 'vitest'
import { preloadInOrder, type HostReach } from './preloadQueue'

/** A host that can go away and come back, with the listeners waiting for it. */
function host(): HostReach & { up: boolean; back(): void } {
  const waiting: (() => void)[] = []
  return {
    up: true,
    connected() {
      return this.up
    },
    whenConnected: (then) => void waiting.push(then),
    back() {
      this.up = true
      waiting.splice(0).forEach((then) => then())
    }
  }
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('the sections’ code loaded ahead', () => {
  it('loads one at a time, pauses while the host is away, and tries again what failed meanwhile', async () => {
    const reach = host()
    const calls: string[] = []
    let failNext = false
    const load = (name: string) => async (): Promise<void> => {
      calls.push(name)
      if (failNext) {
        failNext = false
        throw new Error('net::ERR_CONNECTION_REFUSED')
      }
    }
    const idle = (step: () => void): void => void setTimeout(step, 0)
    // The first load fails because the host went away during it.
    failNext = true
    const first = load('prompt')
    let dropped = false
    const wrapped = async (): Promise<void> => {
      const pending = first()
      if (!dropped) reach.up = false
      dropped = true
      return pending
    }
    preloadInOrder([wrapped, load('files'), load('skills')], reach, idle)
    await settle()
    await settle()
    // Nothing more is fetched while the host is away.
    expect(calls).toEqual(['prompt'])
    reach.back()
    for (let i = 0; i < 6; i++) await settle()
    expect(calls).toEqual(['prompt', 'prompt', 'files', 'skills'])
  })

  it('leaves a load that failed while connected for its section to show when opened', async () => {
    const reach = host()
    const calls: string[] = []
    const failing = async (): Promise<void> => {
      calls.push('broken')
      throw new Error('syntax error in chunk')
    }
    const fine = async (): Promise<void> => void calls.push('fine')
    preloadInOrder([failing, fine], reach, (step) => void setTimeout(step, 0))
    for (let i = 0; i < 4; i++) await settle()
    expect(calls).toEqual(['broken', 'fine'])
  })
})
