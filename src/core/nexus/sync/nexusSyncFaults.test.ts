import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MethodOutput } from '../../../shared/contract'
import { mergedViewHash } from './mergedView'
import { syncWorld, testClock, type SyncHome } from './testing/syncWorld'

type World = ReturnType<typeof syncWorld>

const sync = (home: SyncHome, remote?: string): Promise<MethodOutput<'nexus.sync.run'>> =>
  home.call('nexus.sync.run', remote === undefined ? {} : { remote })
const count = async (home: SyncHome): Promise<number> => (await home.call('nexus.list', { limit: 1 })).total
const deviceOf = async (home: SyncHome): Promise<string> => (await home.call('nexus.sync.status')).device.id

/** Edits a file on the remote through a clone of it, as someone with push access could. */
function editRemote(world: World, path: string, edit: (text: string) => string, force = false): void {
  const clone = join(world.root, `clone-${Date.now()}`)
  world.git(['clone', '--quiet', world.remote, clone])
  const file = join(clone, path)
  writeFileSync(file, edit(readFileSync(file, 'utf8')))
  world.git(['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '--quiet', '-am', 'edit'], clone)
  world.git(['push', '--quiet', ...(force ? ['--force'] : []), 'origin', 'HEAD:main'], clone)
}

describe('the Nexus sync when something goes wrong', { timeout: 90_000 }, () => {
  let world: World
  beforeEach(() => {
    world = syncWorld()
  })
  afterEach(() => world.dispose())

  it('a tampered file on the remote is detected, named and quarantined; nothing of it is merged until released', async () => {
    const laptop = world.home('laptop')
    const desktop = world.home('desktop')
    await laptop.post('ella', 'Keep SQLite')
    await laptop.post('ella', 'Use WAL mode')
    await sync(laptop, world.remote)
    const device = await deviceOf(laptop)
    editRemote(world, `nexus/devices/${device}.jsonl`, (text) =>
      text.replace('Use WAL mode', 'Use rollback mode')
    )

    const result = await sync(desktop, world.remote)
    expect(result.ok).toBe(false)
    expect(result.pulled).toBe(0)
    expect(result.problems.join(' ')).toMatch(new RegExp(`${device.slice(0, 8)}.*does not verify.*line 2`))
    expect(result.devices.find((d) => d.id === device)).toMatchObject({ status: 'quarantined' })
    expect(await count(desktop)).toBe(0)

    // The device itself writes its file again from its own log at its next sync…
    const healed = await sync(laptop)
    expect(healed.notes.join(' ')).toMatch(/had been altered.*written again/)
    // …but the quarantine holds until the user releases it; then the clean file is merged.
    expect((await sync(desktop)).pulled).toBe(0)
    await desktop.call('nexus.sync.release', { device })
    expect(await sync(desktop)).toMatchObject({ ok: true, pulled: 2 })
    const summaries = (await desktop.call('nexus.list', {})).entries.map((e) => e.summary)
    expect(summaries).toEqual(['Keep SQLite', 'Use WAL mode'])
  })

  it('a force-pushed remote that lost entries loses none here; the devices send theirs again', async () => {
    const laptop = world.home('laptop')
    const desktop = world.home('desktop')
    await laptop.post('ella', 'First')
    await sync(laptop, world.remote)
    const early = world.git(['rev-parse', 'main'], world.remote).trim()
    await desktop.post('lyra', 'Second')
    await laptop.post('ella', 'Third')
    await sync(desktop, world.remote)
    await sync(laptop)
    expect(await count(desktop)).toBe(2)
    world.git(['update-ref', 'refs/heads/main', early], world.remote) // the remote rewritten to an old state

    const again = await sync(laptop)
    expect(again.notes.join(' ')).toMatch(/lost 1 of this device's entries/)
    expect(await count(laptop)).toBe(3)
    const back = await sync(desktop)
    expect(back.ok).toBe(true)
    expect(await count(desktop)).toBe(3)
    expect(mergedViewHash(laptop.core.internals.db)).toEqual(mergedViewHash(desktop.core.internals.db))
  })

  it('a device offline for days syncs later; entries keep the time they were written, not when they arrived', async () => {
    const clock = testClock()
    const home = world.home('home', clock)
    const away = world.home('away', clock)
    await sync(home, world.remote)
    await sync(away, world.remote)
    await away.post('nova', 'Written on the train')
    const writtenAt = clock.now()
    clock.advance(3 * 24 * 3_600_000)
    await home.post('ella', 'Three days later at home')
    await sync(home)
    await sync(away)
    await sync(home)
    const entries = (await home.call('nexus.list', {})).entries
    const train = entries.find((e) => e.summary === 'Written on the train')
    expect(train?.originalTs).toBe(writtenAt)
    expect(train?.ts).toBeGreaterThan(writtenAt)
    expect(mergedViewHash(home.core.internals.db)).toEqual(mergedViewHash(away.core.internals.db))
  })

  it('a copied home (two devices with one id) is told to take a new id and sends nothing until it does', async () => {
    const original = world.home('original')
    await original.post('ella', 'Before the copy')
    await sync(original, world.remote)
    original.core.dispose()
    cpSync(original.dir, join(world.root, 'copy'), { recursive: true })
    const first = world.home('first', undefined, original.dir)
    const copy = world.home('copy', undefined, join(world.root, 'copy'))
    await first.post('ella', 'On the first machine')
    await copy.post('lyra', 'On the copy')
    await sync(first)

    const refused = await sync(copy)
    expect(refused).toMatchObject({ ok: false, needsNewDeviceId: true, pushed: 0 })
    expect(refused.problems[0]).toMatch(/Another home is writing to the remote as this device/)
    const before = await deviceOf(copy)
    const renewed = await copy.call('nexus.sync.newDeviceId')
    expect(renewed.device.id).not.toBe(before)
    await copy.post('lyra', 'After the new id')
    expect(await sync(copy)).toMatchObject({ ok: true, needsNewDeviceId: false, pushed: 1 })
    await sync(first)
    const onFirst = (await first.call('nexus.list', {})).entries.map((e) => e.summary)
    expect(onFirst).toContain('After the new id')
    for (const home of [first, copy]) expect(await home.call('nexus.verify')).toMatchObject({ ok: true })
  })

  it('an unreachable remote fails the sync with git’s reason, and changes nothing here', async () => {
    const home = world.home('home')
    await home.post('ella', 'Local only')
    const result = await sync(home, join(world.root, 'no-such-remote.git'))
    expect(result.ok).toBe(false)
    expect(result.problems[0]).toMatch(/did not complete: .*does not appear to be a git repository/)
    expect(await count(home)).toBe(1)
    expect((await home.call('nexus.sync.status')).last).toMatchObject({ ok: false })
  })

  it('refuses transports that run commands and remotes that read as options', async () => {
    const home = world.home('home')
    for (const remote of ['ext::sh -c touch% /tmp/x', '--upload-pack=touch /tmp/x', 'fd::3'])
      await expect(sync(home, remote)).rejects.toThrow(/ext::|cannot start with "-"/)
  })
})
