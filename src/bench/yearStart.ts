import type { Browser, Page } from 'playwright-core'
import { reference, type BenchContext, type BenchFigure } from './benchTypes'
import { untilBrowserQuiet, type BrowserQuiet } from './browserQuiet'
import { watchPageProblems } from './pageProblems'
import { cpuMs } from './processCpu'
import { freshPage, startServe, type Serve } from './uiTimings'

export interface YearStart {
  readonly serve: Serve
  readonly page: Page
  /** Spawning `hearth serve` → the first frame drawn with the composer (which takes input from then on). */
  readonly startMs: number
  readonly figures: BenchFigure[]
  /** Uncaught errors and console errors of the page, from its first load on (grows as it runs). */
  readonly problems: readonly string[]
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
 * tab is open, and the browser idle, before the host starts, as a person's browser is: making a
 * fresh browser context and the browser's own work after launch are the browser's time, not
 * Hearth's start (`year.start_tab_ms` and `year.start_browser_settle_ms` say how long they took).
 */
export async function measureYearStart(
  ctx: BenchContext,
  browser: Browser,
  home: string
): Promise<YearStart> {
  const tabStarted = performance.now()
  const page = await freshPage(browser)
  const problems = watchPageProblems(page)
  const metrics = await taskDuration(page)
  const tabMs = performance.now() - tabStarted
  await page.addInitScript(WATCH_COMPOSER)
  const browserQuiet = await untilBrowserQuiet()
  ctx.log(`year: ${settledLine(browserQuiet)}`)
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
    reference('year.start_tab_ms', tabMs, 'ms', 'lower'),
    reference('year.start_browser_settle_ms', browserQuiet.ms, 'ms', 'lower')
  ]
  return { serve, page, startMs, figures, problems }
}

function settledLine({ ms, cpuMs, quiet }: BrowserQuiet): string {
  const waited = Math.round(ms)
  if (quiet === null) return `waited ${waited} ms for the browser to settle (its CPU cannot be read here)`
  const used = `its processes used ${cpuMs ?? '?'} ms of CPU meanwhile`
  return quiet
    ? `the browser settled ${waited} ms after its tab opened (${used})`
    : `the browser was still busy ${waited} ms after its tab opened (${used}); measuring the start anyway`
}
