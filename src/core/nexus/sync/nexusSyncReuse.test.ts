import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { syncWorld } from './testing/syncWorld'

type World = ReturnType<typeof syncWorld>

/**
 * A sync that finds nothing new runs in the background every few minutes: it should start as few
 * git processes as it can, and still notice what other processes changed in between.
 */
describe('a home syncing again', { timeout: 90_000 }, () => {
  let world: World
  let path: string | undefined
  let calls: string
  beforeEach(() => {
    world = syncWorld()
    // A `git` first on PATH that writes down each command it is given, then runs the real one.
    calls = join(world.root, 'git-calls.txt')
    writeFileSync(calls, '')
    const shim = join(world.root, 'bin')
    mkdirSync(shim)
    writeFileSync(
      join(shim, 'git'),
      `#!/bin/sh\necho "$1" >> '${calls}'\nPATH='${process.env.PATH ?? ''}' exec git "$@"\n`
    )
    chmodSync(join(shim, 'git'), 0o755)
    path = process.env.PATH
    process.env.PATH = `${shim}:${path ?? ''}`
  })
  afterEach(() => {
    process.env.PATH = path
    world.dispose()
  })
  const commands = (): string[] => readFileSync(calls, 'utf8').split('\n').filter(Boolean)

  it.runIf(process.platform !== 'win32')(
    'starts only fetch, rev-parse and ls-tree when nothing changed, and reads a renamed device’s name',
    async () => {
      const laptop = world.home('laptop')
      const desktop = world.home('desktop')
      await laptop.post('ella', 'Drafted the schema')
      await desktop.call('nexus.sync.configure', { deviceName: 'Desk' })
      await desktop.post('lyra', 'Reviewed it')
      for (const home of [laptop, desktop, laptop])
        expect(await home.call('nexus.sync.run', { remote: world.remote })).toMatchObject({ ok: true })

      writeFileSync(calls, '')
      expect(await laptop.call('nexus.sync.run', {})).toMatchObject({ ok: true, pushed: 0, pulled: 0 })
      expect(commands()).toEqual(['fetch', 'rev-parse', 'ls-tree'])

      await desktop.call('nexus.sync.configure', { deviceName: 'Studio' })
      await desktop.post('lyra', 'Approved it')
      await desktop.call('nexus.sync.run', {})
      const after = await laptop.call('nexus.sync.run', {})
      expect(after).toMatchObject({ ok: true, pulled: 1 })
      expect(after.devices.map((device) => device.name)).toContain('Studio')
    }
  )

  it('notices another process pointing the repository at another remote, and syncs with its own', async () => {
    const laptop = world.home('laptop')
    await laptop.post('ella', 'Drafted the schema')
    await laptop.call('nexus.sync.run', { remote: world.remote })
    const repository = join(laptop.dir, 'sync', 'nexus.git')
    world.git(['remote', 'set-url', 'origin', join(world.root, 'elsewhere.git')], repository)

    await laptop.post('ella', 'Wrote the migration')
    expect(await laptop.call('nexus.sync.run', {})).toMatchObject({ ok: true, pushed: 1 })
    expect(world.git(['config', '--get', 'remote.origin.url'], repository).trim()).toBe(world.remote)
    expect(world.git(['rev-list', '--count', 'main'], world.remote).trim()).toBe('2')
  })

  it('opens the repository again when it was removed between syncs', async () => {
    const laptop = world.home('laptop')
    await laptop.post('ella', 'Drafted the schema')
    await laptop.call('nexus.sync.run', { remote: world.remote })
    rmSync(join(laptop.dir, 'sync', 'nexus.git'), { recursive: true, force: true })

    await laptop.post('ella', 'Wrote the migration')
    expect(await laptop.call('nexus.sync.run', {})).toMatchObject({ ok: true, pushed: 1, problems: [] })
  })
})
