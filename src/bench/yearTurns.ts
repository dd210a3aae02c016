import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { SessionId } from '../shared/contract'
import { createCore } from '../core/createCore'
import type { YearHome } from '../core/testing/year/yearHome'
import { userText } from '../core/testing/year/yearText'
import { YearRandom } from '../core/testing/year/yearVolumes'
import { figure, percentile, reference, type BenchContext, type BenchFigure } from './benchTypes'
import { startFakeModel } from './fakeModelProcess'

/** Turns measured (the goal is a p95, so at least 50), after a few that warm the process up. */
const TURNS = 60
const WARM_UP = 3
/** Node's fetch reports here when a request's body has been written to the socket. */
const BODY_SENT = 'undici:request:bodySent'

/** The year's newest chat: still open (the builder ends every chat but the last three). */
function newestChat(year: YearHome): SessionId {
  return `year-${String(year.volumes.sessions).padStart(5, '0')}` as SessionId
}

/** When each Messages API request finished leaving this process, in `performance.now()` time. */
function watchRequestsLeaving(): { readonly times: number[]; stop(): void } {
  const times: number[] = []
  const onSent = (message: unknown): void => {
    const path = (message as { request?: { path?: unknown } }).request?.path
    if (typeof path === 'string' && path.startsWith('/v1/messages')) times.push(performance.now())
  }
  subscribe(BODY_SENT, onSent)
  return { times, stop: () => unsubscribe(BODY_SENT, onSent) }
}

/**
 * A turn's own overhead on the year's data: from the send (`chat.start`) to the request to the
 * model having left the process, with the user message stored, recall, the Nexus block and the
 * prompt assembled on the way — the real SDK over HTTP to the fake Anthropic server in its own
 * process. The time to store the user message (when `chat.start` returns) is reported beside it,
 * and the CPU time per whole turn (its reply streamed and stored too).
 */
export async function yearTurnFigures(ctx: BenchContext, year: YearHome): Promise<BenchFigure[]> {
  const fake = await startFakeModel(ctx.cliPath)
  const env = { ANTHROPIC_API_KEY: 'sk-bench-year', ANTHROPIC_BASE_URL: fake.url }
  const core = createCore({ home: year.home, host: 'cli', env, seams: { knowledgeBackground: false } })
  const leaving = watchRequestsLeaving()
  try {
    const sessionId = newestChat(year)
    const random = new YearRandom(year.seed + 29)
    const overheads: number[] = []
    const stores: number[] = []
    let cpu = process.cpuUsage()
    for (let i = 0; i < WARM_UP + TURNS; i++) {
      if (i === WARM_UP) cpu = process.cpuUsage()
      const before = leaving.times.length
      const sent = performance.now()
      const started = await core.services.chat.start({ sessionId, text: userText(random, i) })
      const stored = performance.now() - sent
      await started.done
      const left = leaving.times[before]
      if (left === undefined || leaving.times.length !== before + 1)
        throw new Error(`turn ${i} sent ${leaving.times.length - before} model requests, not one`)
      if (i < WARM_UP) continue
      overheads.push(left - sent)
      stores.push(stored)
    }
    const used = process.cpuUsage(cpu)
    const p50 = percentile(overheads, 50)
    const p95 = percentile(overheads, 95)
    ctx.log(`year: turn overhead over ${TURNS} turns: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`)
    return [
      figure('year.turn_overhead_p95_ms', p95, 'ms', 25, 'lower'),
      reference('year.turn_overhead_p50_ms', p50, 'ms', 'lower'),
      reference('year.turn_store_p95_ms', percentile(stores, 95), 'ms', 'lower'),
      reference('year.turn_cpu_ms', (used.user + used.system) / 1000 / TURNS, 'ms', 'lower')
    ]
  } finally {
    leaving.stop()
    core.dispose()
    fake.close()
  }
}
