import { join } from 'node:path'
import { createCore } from '../core/createCore'
import type { NexusPostInput } from '../shared/contract/nexus'
import { figure, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'
import { measureInjectionCache } from './nexusCacheBench'
import { measureTeamState } from './nexusTeamBench'
import { runConcurrentWriters, type WriterResult } from './nexusWriters'

const WRITERS = 4
const APPENDS_PER_WRITER = 2000
const VERIFY_ENTRIES = 100_000

/** Aggregate appends per second over the window in which the writers ran. */
function appendRate(results: readonly WriterResult[]): number {
  const start = Math.min(...results.map((result) => result.startMs))
  const end = Math.max(...results.map((result) => result.endMs))
  const total = results.reduce((sum, result) => sum + result.count, 0)
  return total / (Math.max(1, end - start) / 1000)
}

/** 4 real processes append at once; then the log must hold every entry in one verified chain. */
async function concurrentAppends(ctx: BenchContext): Promise<BenchFigure[]> {
  const home = join(ctx.tmpDir, 'four-writers')
  createCore({ home, host: 'cli' }).dispose()
  ctx.log(`${WRITERS} processes × ${APPENDS_PER_WRITER} appends…`)
  const results = await runConcurrentWriters(ctx.cliPath, home, WRITERS, APPENDS_PER_WRITER)
  const core = createCore({ home, host: 'cli' })
  try {
    const report = core.services.nexus.verify()
    const expected = WRITERS * APPENDS_PER_WRITER
    const perWriterOk = results.every((result) => result.count === APPENDS_PER_WRITER)
    return [
      {
        ...figure('nexus.entries_4proc', report.count, 'entries', expected, 'higher'),
        met: report.count === expected && perWriterOk
      },
      figure('nexus.chain_ok', report.ok ? 1 : 0, 'bool', 1, 'higher'),
      figure('nexus.append_per_s_4proc', appendRate(results), 'appends/s', 2000, 'higher')
    ]
  } finally {
    core.dispose()
  }
}

/** Builds a 100k-entry log in large locked batches (same hashing as single appends), then times verify. */
async function verifyLargeLog(ctx: BenchContext): Promise<BenchFigure[]> {
  const core = createCore({ home: join(ctx.tmpDir, 'large-log'), host: 'cli' })
  try {
    const { nexus } = core.services
    ctx.log(`building a ${VERIFY_ENTRIES.toLocaleString('en')}-entry log…`)
    for (let done = 0; done < VERIFY_ENTRIES; done += 10_000) {
      const batch: NexusPostInput[] = Array.from({ length: 10_000 }, (_, i) => ({
        agent: `agent-${(done + i) % 5}`,
        type: (done + i) % 50 === 0 ? 'decision' : 'turn',
        summary: `Entry ${done + i + 1}: worked on module ${(done + i) % 97}`,
        body: (done + i) % 10 === 0 ? 'Longer notes about what was done and why. '.repeat(8) : undefined,
        rationale: (done + i) % 50 === 0 ? 'Measured; it was faster' : undefined
      }))
      nexus.postMany(batch)
    }
    const started = performance.now()
    const report = nexus.verify()
    const elapsed = performance.now() - started
    if (!report.ok || report.count !== VERIFY_ENTRIES)
      throw new Error(`verify of the large log failed: ${report.problems.join('; ')}`)
    return [figure('nexus.verify_100k_ms', elapsed, 'ms', 2000, 'lower')]
  } finally {
    core.dispose()
  }
}

/**
 * The Nexus targets: 4 processes × 2,000 appends give exactly 8,000 contiguous entries in a
 * chain that verifies, at ≥ 2,000 appends/s together, and verifying 100,000 entries takes
 * ≤ 2 s; injecting unread entries adds no cache miss on the earlier prefix. The counts are the
 * same with --quick: the whole suite takes about ten seconds.
 */
export const nexusBench: BenchSuite = {
  name: 'nexus',
  async run(ctx) {
    return [
      ...(await concurrentAppends(ctx)),
      ...(await verifyLargeLog(ctx)),
      ...(await measureInjectionCache(ctx)),
      ...(await measureTeamState(ctx))
    ]
  }
}
