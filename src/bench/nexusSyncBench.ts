import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { createCore } from '../core/createCore'
import { mergedViewHash } from '../core/nexus/sync/mergedView'
import type { NexusPostInput } from '../shared/contract/nexus'
import { figure, percentile, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'

const NEW_ENTRIES = 10_000
const NOOP_RUNS = 7

function entries(author: string, count: number): NexusPostInput[] {
  return Array.from({ length: count }, (_, i) => ({
    agent: author,
    type: i % 40 === 0 ? 'decision' : 'turn',
    summary: `${author} step ${i + 1}: worked on module ${i % 97}`,
    body: i % 10 === 0 ? 'Notes on what was done and why. '.repeat(6) : undefined,
    rationale: i % 40 === 0 ? 'It measured better' : undefined
  }))
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/**
 * Two homes and a local bare repository: 10,000 new entries written on one home reach the other
 * (its push, then the other's fetch, verify and merge) within 5 s, none lost or doubled, both
 * homes' merged views identical; a sync when nothing changed on either side within 300 ms. The
 * same volumes with --quick.
 */
export const nexusSyncBench: BenchSuite = {
  name: 'nexusSync',
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const remote = join(ctx.tmpDir, 'remote.git')
    execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch', 'main', remote])
    const laptop = createCore({ home: join(ctx.tmpDir, 'laptop'), host: 'cli' })
    const desktop = createCore({ home: join(ctx.tmpDir, 'desktop'), host: 'cli' })
    try {
      await desktop.services.nexusSync.run(remote)
      ctx.log(`writing ${NEW_ENTRIES.toLocaleString('en')} entries on one home…`)
      laptop.services.nexus.postMany(entries('ella', NEW_ENTRIES))
      ctx.log('syncing them to the other home through the bare repository…')
      const seconds =
        ((await timed(() => laptop.services.nexusSync.run(remote))) +
          (await timed(() => desktop.services.nexusSync.run()))) /
        1000
      const received = mergedViewHash(desktop.internals.db)
      const sent = mergedViewHash(laptop.internals.db)
      const lost = Math.max(0, sent.count - received.count)
      const doubled = Math.max(0, received.count - sent.count)
      // The other home stands for another machine: its indexing of what it received must not share
      // this process's thread while the first home's syncs are timed.
      desktop.dispose()
      const noop: number[] = []
      for (let i = 0; i < NOOP_RUNS; i++) noop.push(await timed(() => laptop.services.nexusSync.run()))
      return [
        figure('nexus.sync_10k_s', seconds, 's', 5, 'lower'),
        figure('nexus.sync_lost', lost, 'entries', 0, 'lower'),
        figure('nexus.sync_doubled', doubled, 'entries', 0, 'lower'),
        figure('nexus.sync_views_identical', sent.hash === received.hash ? 1 : 0, 'bool', 1, 'higher'),
        figure('nexus.sync_noop_ms', percentile(noop, 50), 'ms', 300, 'lower')
      ]
    } finally {
      laptop.dispose()
      if (desktop.internals.db.open) desktop.dispose()
    }
  }
}
