import { readFileSync } from 'node:fs'
import type { YearHome } from '../core/testing/year/yearHome'
import { figure, reference, type BenchContext, type BenchFigure } from './benchTypes'
import { whatThePageShows } from './pageProblems'
import { launchChromium, stopServe } from './uiTimings'
import { measureYearStart } from './yearStart'
import { measureYearViews, type Peaks } from './yearViews'

/** The resident memory of a process, from /proc (Linux); null where there is none to read. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    return kb === undefined ? null : Number(kb) / 1024
  } catch {
    return null // not Linux, or the process is gone: the figure is left out, not guessed
  }
}

/** The page's JS heap in use (Chromium's performance.memory), or null where the browser has none. */
const HEAP = '(performance.memory && performance.memory.usedJSHeapSize) || null'

/**
 * What a person feels first on the year's home, in headless Chromium against `hearth serve`:
 * from starting the host to the composer taking input (`year.start_ms`), each list view opened
 * and scrolled to its end, the longest chat opened, and the host's resident memory and the page's
 * JS heap at start and at their highest after every view.
 */
export async function yearUiFigures(ctx: BenchContext, year: YearHome): Promise<BenchFigure[]> {
  const browser = await launchChromium(ctx)
  if (!browser) return []
  try {
    const start = await measureYearStart(ctx, browser, year.home)
    const { serve, page } = start
    try {
      const heap = await page.evaluate<number | null>(HEAP)
      const rss = rssMb(serve.child.pid)
      ctx.log(`year: start ${Math.round(start.startMs)} ms, host RSS ${rss?.toFixed(0) ?? '?'} MB`)
      const peaks: Peaks = { rssMb: rss, heapMb: heap === null ? null : heap / 1_000_000 }
      const sample = async (): Promise<void> => {
        const now = rssMb(serve.child.pid)
        const used = await page.evaluate<number | null>(HEAP)
        if (now !== null) peaks.rssMb = Math.max(peaks.rssMb ?? 0, now)
        if (used !== null) peaks.heapMb = Math.max(peaks.heapMb ?? 0, used / 1_000_000)
      }
      const views = await measureYearViews(ctx, page, year, sample)
      ctx.log(
        `year: after every view, host RSS ${peaks.rssMb?.toFixed(0) ?? '?'} MB, heap ${peaks.heapMb?.toFixed(0) ?? '?'} MB`
      )
      await page.context().close()
      if (start.problems.length > 0)
        ctx.log(`year: the page reported ${start.problems.length} error(s):\n${start.problems.join('\n')}`)
      return [
        figure('year.start_ms', start.startMs, 'ms', 1500, 'lower'),
        ...start.figures,
        ...(rss === null ? [] : [reference('year.host_rss_start_mb', rss, 'MB', 'lower')]),
        ...(heap === null ? [] : [reference('year.renderer_heap_start_mb', heap / 1_000_000, 'MB', 'lower')]),
        ...views,
        ...(peaks.rssMb === null ? [] : [figure('year.host_rss_mb', peaks.rssMb, 'MB', 400, 'lower')]),
        ...(peaks.heapMb === null ? [] : [figure('year.renderer_heap_mb', peaks.heapMb, 'MB', 150, 'lower')]),
        // A view that throws is broken whatever its timings say, as in the end-to-end tests.
        figure('year.page_errors', start.problems.length, 'errors', 0, 'lower')
      ]
    } catch (error) {
      // A measure that stopped says what the page showed, what it reported and what the host said.
      ctx.log(`year: the page showed: ${await whatThePageShows(page)}`)
      if (start.problems.length > 0) ctx.log(`year: the page reported:\n${start.problems.join('\n')}`)
      const said = serve.stderrTail().trim()
      if (said !== '') ctx.log(`year: hearth serve's stderr ended with:\n${said}`)
      throw error
    } finally {
      await stopServe(serve)
    }
  } finally {
    await browser.close()
  }
}
