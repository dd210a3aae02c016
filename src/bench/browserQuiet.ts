import { setTimeout as sleep } from 'node:timers/promises'
import { childrenCpu, cpuBetween } from './processCpu'

/** Looked at in windows this long; quiet is at most this much CPU in each of that many in a row. */
const WINDOW_MS = 200
const QUIET_CPU_MS = 20
const QUIET_WINDOWS = 2
/** Where /proc cannot say, a just-launched Chromium has settled about this long after its first tab. */
const UNMEASURED_WAIT_MS = 2_000

export interface BrowserQuiet {
  /** How long the wait took. */
  readonly ms: number
  /** The CPU the browser's processes used meanwhile; null where it cannot be read. */
  readonly cpuMs: number | null
  /** Whether it was quiet by the end of the wait; null where that cannot be read. */
  readonly quiet: boolean | null
}

/**
 * Waits until the browser the bench launched is idle: a freshly launched Chromium keeps both cores
 * of a small machine busy for a second or more after its first tab opens (its own pages load in
 * renderers of their own), and a person's browser is long past that when they start Hearth.
 * Measuring the start meanwhile would measure the browser's launch as much as Hearth.
 */
export async function untilBrowserQuiet(limitMs = 10_000): Promise<BrowserQuiet> {
  const started = performance.now()
  const first = childrenCpu()
  if (first === null) {
    await sleep(UNMEASURED_WAIT_MS)
    return { ms: performance.now() - started, cpuMs: null, quiet: null }
  }
  let last: ReadonlyMap<number, number> = first
  let used = 0
  let quietWindows = 0
  while (quietWindows < QUIET_WINDOWS && performance.now() - started < limitMs) {
    await sleep(WINDOW_MS)
    const now = childrenCpu() ?? last
    const inWindow = cpuBetween(last, now)
    used += inWindow
    quietWindows = inWindow <= QUIET_CPU_MS ? quietWindows + 1 : 0
    last = now
  }
  return { ms: performance.now() - started, cpuMs: used, quiet: quietWindows >= QUIET_WINDOWS }
}
