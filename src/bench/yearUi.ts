import { readFileSync } from 'node:fs'
import type { YearHome } from '../core/testing/year/yearHome'
import { figure, reference, type BenchContext, type BenchFigure } from './benchTypes'
import { freshPage, launchChromium, startServe, stopServe } from './uiTimings'
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

/** The CPU time a process has used so far (user + system), from /proc (Linux); null where there is none. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks.
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks * 10 : null
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
    const started = performance.now()
    const since = (): number => Math.round(performance.now() - started)
    const serve = await startServe(ctx, year.home)
    try {
      const address = { ms: since(), cpu: cpuMs(serve.child.pid) }
      const page = await freshPage(browser)
      const opened = since()
      await page.goto(serve.url)
      const loaded = since()
      const composer = page.getByPlaceholder(/message/i)
      await composer.waitFor()
      const drawn = since()
      await composer.fill('Ready?')
      const startMs = performance.now() - started
      const hostCpu = cpuMs(serve.child.pid)
      const heap = await page.evaluate<number | null>(HEAP)
      const rss = rssMb(serve.child.pid)
      ctx.log(`year: start ${Math.round(startMs)} ms, host RSS ${rss?.toFixed(0) ?? '?'} MB`)
      ctx.log(
        `year: start phases (ms since spawn): address ${address.ms} (host CPU ${address.cpu ?? '?'} ms), page opened ${opened}, page loaded ${loaded}, composer drawn ${drawn}, takes input ${Math.round(startMs)} (host CPU ${hostCpu ?? '?'} ms)`
      )
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
      return [
        figure('year.start_ms', startMs, 'ms', 1500, 'lower'),
        reference('year.start_address_ms', address.ms, 'ms', 'lower'),
        ...(hostCpu === null ? [] : [reference('year.start_host_cpu_ms', hostCpu, 'ms', 'lower')]),
        ...(rss === null ? [] : [reference('year.host_rss_start_mb', rss, 'MB', 'lower')]),
        ...(heap === null ? [] : [reference('year.renderer_heap_start_mb', heap / 1_000_000, 'MB', 'lower')]),
        ...views,
        ...(peaks.rssMb === null ? [] : [figure('year.host_rss_mb', peaks.rssMb, 'MB', 400, 'lower')]),
        ...(peaks.heapMb === null ? [] : [figure('year.renderer_heap_mb', peaks.heapMb, 'MB', 150, 'lower')])
      ]
    } finally {
      await stopServe(serve)
    }
  } finally {
    await browser.close()
  }
}
