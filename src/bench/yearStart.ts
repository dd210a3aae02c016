import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { reference, type BenchContext, type BenchFigure } from './benchTypes'
import { freshPage, startServe, type Serve } from './uiTimings'

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

export interface YearStart {
  readonly serve: Serve
  readonly page: Page
  /** Spawning `hearth serve` → the first frame drawn with the composer (which takes input from then on). */
  readonly startMs: number
  readonly figures: BenchFigure[]
}

/** Reads the main thread's busy time of a page so far (Chromium's TaskDuration); null where there is none. */
async function taskDuration(page: Page): Promise<(() => Promise<number | null>) | null> {
  try {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    return async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const seconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value
      return seconds === undefined ? null : seconds * 1000
    }
  } catch {
    return null // no DevTools protocol here: the page's CPU row is left out, not guessed
  }
}

/** Where the page keeps the time (epoch ms) of the first frame drawn with the composer in it. */
const COMPOSER_FRAME = '__hearthComposerFrame'

/**
 * Run in the page before its own code: notes the first frame drawn once the composer is in the
 * page (the textarea is never disabled, so from then on it takes input). A mutation observer
 * only looks when the page changes, and forces no layout; polling from the bench instead saw the
 * composer up to half a second late (Playwright checks every 500 ms after the first few tries),
 * and polling every frame slowed the page it measured.
 */
const WATCH_COMPOSER = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="chat-input"]')) return
    observer.disconnect()
    requestAnimationFrame(() => { window.${COMPOSER_FRAME} = performance.timeOrigin + performance.now() })
  })
  observer.observe(document, { childList: true, subtree: true })
})()`

/**
 * From spawning `hearth serve` on the year's home to the composer taking input, in phases. The
 * tab is open before the host starts, as a person's browser is: making a fresh browser context
 * is the browser's time, not Hearth's start (`year.start_tab_ms` says how long it took).
 */
export async function measureYearStart(
  ctx: BenchContext,
  browser: Browser,
  home: string
): Promise<YearStart> {
  const tabStarted = performance.now()
  const page = await freshPage(browser)
  const metrics = await taskDuration(page)
  const tabMs = performance.now() - tabStarted
  await page.addInitScript(WATCH_COMPOSER)
  const started = performance.now()
  const startedAt = Date.now()
  const since = (): number => Math.round(performance.now() - started)
  const serve = await startServe(ctx, home)
  const address = { ms: since(), cpu: cpuMs(serve.child.pid) }
  await page.goto(serve.url)
  const loaded = since()
  const composer = page.getByPlaceholder(/message/i)
  await composer.waitFor()
  const drawn = since()
  await composer.fill('Ready?')
  const confirmed = since()
  const frameAt = await page.evaluate<number | undefined>(`window.${COMPOSER_FRAME}`)
  if (typeof frameAt !== 'number')
    throw new Error('the page did not note the frame the composer was drawn in')
  const startMs = frameAt - startedAt
  const hostCpu = cpuMs(serve.child.pid)
  const pageBusy = metrics === null ? null : await metrics()
  ctx.log(
    `year: start phases (ms since spawn): address ${address.ms} (host CPU ${address.cpu ?? '?'} ms), page loaded ${loaded}, composer drawn in the page ${Math.round(startMs)} (seen by the bench at ${drawn}, typed into at ${confirmed}) (host CPU ${hostCpu ?? '?'} ms, page main thread busy ${pageBusy?.toFixed(0) ?? '?'} ms); the tab opened before, in ${Math.round(tabMs)} ms`
  )
  const figures = [
    reference('year.start_address_ms', address.ms, 'ms', 'lower'),
    reference('year.start_loaded_ms', loaded, 'ms', 'lower'),
    reference('year.start_drawn_ms', drawn, 'ms', 'lower'),
    reference('year.start_typed_ms', confirmed, 'ms', 'lower'),
    ...(hostCpu === null ? [] : [reference('year.start_host_cpu_ms', hostCpu, 'ms', 'lower')]),
    ...(pageBusy === null ? [] : [reference('year.start_page_busy_ms', pageBusy, 'ms', 'lower')]),
    reference('year.start_tab_ms', tabMs, 'ms', 'lower')
  ]
  return { serve, page, startMs, figures }
}
