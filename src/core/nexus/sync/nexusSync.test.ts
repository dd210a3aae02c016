import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MethodOutput } from '../../../shared/contract'
import { present } from '../../testing/callCore'
import { mergedViewHash } from './mergedView'
import { syncWorld, testClock, type SyncHome } from './testing/syncWorld'

type World = ReturnType<typeof syncWorld>

const view = (home: SyncHome): { count: number; hash: string } => mergedViewHash(home.core.internals.db)
const sync = (home: SyncHome, remote?: string): Promise<MethodOutput<'nexus.sync.run'>> =>
  home.call('nexus.sync.run', remote === undefined ? {} : { remote })
const summaries = async (home: SyncHome): Promise<string[]> =>
  (await home.call('nexus.list', { limit: 1000 })).entries.map((entry) => entry.summary).sort()

describe('the Nexus across devices through a git remote', { timeout: 90_000 }, () => {
  let world: World
  beforeEach(() => {
    world = syncWorld()
  })
  afterEach(() => world.dispose())

  it('exchanges interleaved appends between two homes: one merged order, every chain intact', async () => {
    const clock = testClock()
    const laptop = world.home('laptop', clock)
    const desktop = world.home('desktop', clock)
    await laptop.post('ella', 'Drafted the schema')
    clock.advance(1000)
    await desktop.post('lyra', 'Reviewed the schema')
    clock.advance(1000)
    await laptop.post('ella', 'Wrote the migration')

    const first = await sync(laptop, world.remote)
    expect(first).toMatchObject({ ok: true, pushed: 2, pulled: 0, problems: [] })
    const second = await sync(desktop, world.remote)
    expect(second).toMatchObject({ ok: true, pushed: 1, pulled: 2, problems: [] })
    clock.advance(1000)
    await desktop.post('lyra', 'Approved the migration')
    expect(await sync(desktop)).toMatchObject({ ok: true, pushed: 1, pulled: 0 })
    expect(await sync(laptop)).toMatchObject({ ok: true, pushed: 0, pulled: 2 })

    expect(await summaries(laptop)).toEqual(await summaries(desktop))
    expect(view(laptop)).toEqual(view(desktop))
    expect(view(laptop).count).toBe(4)
    for (const home of [laptop, desktop])
      expect(await home.call('nexus.verify')).toMatchObject({ ok: true, count: 4 })
    // Nothing new on either side: both say so.
    expect(await sync(laptop)).toMatchObject({ ok: true, pushed: 0, pulled: 0 })
  })

  it('three homes converge, and an entry keeps its id, author, time and references on every device', async () => {
    const clock = testClock()
    const [a, b, c] = ['a', 'b', 'c'].map((name) => world.home(name, clock)) as [SyncHome, SyncHome, SyncHome]
    const decision = await a.call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Store notes in SQLite',
      rationale: 'One file to back up'
    })
    for (const home of [a, b, c]) await sync(home, world.remote)
    const onC = present((await c.call('nexus.list', { type: 'decision' })).entries[0], 'the decision on c')
    await c.call('nexus.post', { agent: 'nova', type: 'ack', summary: 'Seen', refIds: [onC.id] })
    clock.advance(5)
    await b.post('lyra', 'Working on the importer')
    for (const home of [c, b, a, c]) await sync(home)

    const ids = await Promise.all([a, b, c].map(async (home) => view(home)))
    expect(new Set(ids.map((v) => v.hash)).size).toBe(1)
    const ackOnA = present((await a.call('nexus.list', { type: 'ack' })).entries[0], 'the ack on a')
    expect(ackOnA.refIds).toEqual([decision.entry.id])
    expect(ackOnA.refs).toEqual([decision.entry.seq])
    expect(onC).toMatchObject({
      id: decision.entry.id,
      agent: 'ella',
      originalTs: decision.entry.ts,
      origin: decision.entry.origin
    })
  })

  it('flags decisions that conflict across devices exactly as local ones, by when they were written', async () => {
    const clock = testClock()
    const laptop = world.home('laptop', clock)
    const desktop = world.home('desktop', clock)
    await laptop.call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Thumbnails are stored as WebP files',
      rationale: 'Half the size of JPEG'
    })
    clock.advance(5 * 60_000)
    await desktop.call('nexus.post', {
      agent: 'lyra',
      type: 'decision',
      summary: 'Thumbnails are stored as AVIF files',
      rationale: 'Half the size of WebP'
    })
    // The desktop syncs three hours later: the decisions arrive long after they were written.
    clock.advance(3 * 3_600_000)
    await sync(laptop, world.remote)
    await sync(desktop, world.remote)
    await sync(laptop)
    for (const home of [laptop, desktop]) {
      const { conflicts } = await home.call('nexus.conflicts', {})
      expect(conflicts.map((c) => [c.first.agent, c.second.agent].sort())).toEqual([['ella', 'lyra']])
    }
  })

  it('sends nothing but the Nexus: the remote holds device logs and names, no memories, transcripts or key', async () => {
    const home = world.home('laptop')
    await home.post('ella', 'A turn')
    await home.call('agents.create', { name: 'Ella', id: 'ella' })
    await home.call('memory.apply', {
      agentId: 'ella',
      target: 'memory',
      action: 'add',
      content: 'The user keeps secrets in a vault'
    })
    await sync(home, world.remote)
    const tree = world.git(['ls-tree', '-r', '--name-only', 'main'], world.remote).trim().split('\n')
    expect(tree.every((path) => /^nexus\/devices\/[0-9a-f-]{36}\.jsonl?$/.test(path))).toBe(true)
    expect(tree).toHaveLength(2)
    const all = world.git(['log', '-p', '--all'], world.remote)
    expect(all).not.toContain('vault')
  })
})
