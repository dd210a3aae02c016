import type { Locator, Page } from 'playwright-core'
import type { YearHome } from '../core/testing/year/yearHome'
import { figure, percentile, type BenchContext, type BenchFigure } from './benchTypes'
import { navigateAndWaitScript, openTitledChatScript, scrollToEndScript, TARGET } from './yearPageScripts'

/** One list view of the year: its sidebar entry, the rows that show it is drawn, and its figures' stem. */
interface ListView {
  readonly stem: 'chat_list' | 'review' | 'memories' | 'lanes' | 'inspector'
  readonly section: string
  readonly rows: string
  /** Lanes show the newest entries at the bottom: their end is the top. */
  readonly upward?: boolean
}

const VIEWS: readonly ListView[] = [
  { stem: 'review', section: 'Review', rows: '[data-testid="candidate"]' },
  { stem: 'memories', section: 'Memories', rows: '[data-testid="memory-fact"]' },
  { stem: 'lanes', section: 'Nexus', rows: '[data-testid="nexus-lane-cell"]', upward: true },
  { stem: 'chat_list', section: 'Chat', rows: '[data-testid="chat-session-item"]' }
]

const INSPECTOR: ListView = {
  stem: 'inspector',
  section: 'Inspector',
  rows: '[data-testid="inspector-call"]'
}

interface Scrolled {
  readonly frames: number[]
  readonly longTask: number
  /** The longest animation frames (at most five), each with what it was made of. */
  readonly slow: readonly SlowFrame[]
  /** Frames over 40 ms, as "start+ms" on the page's clock. */
  readonly over: readonly string[]
  readonly rows: number
  /** Lines at the end of its lists still saying more is loading: a list that stopped loading. */
  readonly stillLoading: number
}

interface SlowFrame {
  readonly ms: number
  readonly at: number
  readonly blocking: number
  readonly render: number
  readonly styleLayout: number
  readonly scripts: readonly string[]
}

/** How the frames of a scroll spread: "p50 17, p95 25, p99 32 ms, 7 over 34 ms" (34: two frames at 60 Hz). */
function frameSpread(frames: readonly number[]): string {
  const at = (p: number): number => (frames.length > 0 ? Math.round(percentile(frames, p)) : 0)
  const over = frames.filter((ms) => ms > 34).length
  return `p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)} ms, ${over} over 34 ms`
}

/** "52 ms at 34041 (rendering 46, of it style and layout 1; blocking 0): FrameRequestCallback 41 ms (forced layout 40)". */
function describeSlow(frame: SlowFrame): string {
  const scripts = frame.scripts.length > 0 ? `: ${frame.scripts.join(', ')}` : ''
  return `${frame.ms} ms at ${frame.at} (rendering ${frame.render}, of it style and layout ${frame.styleLayout}; blocking ${frame.blocking})${scripts}`
}

/** A sidebar entry by role and name (its name may carry a count badge after the label). */
function sectionButton(page: Page, section: string): Locator {
  return page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${section}\\b`) })
}

/** Marks the element (found by role and name) that the next page script clicks. */
async function markTarget(locator: Locator): Promise<void> {
  await locator.evaluate(
    (element: { setAttribute(name: string, value: string): void }, name: string) =>
      element.setAttribute(name, ''),
    TARGET
  )
}

/** What the page script below reads of an element (the bench's own code has no DOM types). */
interface Scrollable {
  readonly scrollHeight: number
  readonly clientHeight: number
  scrollTop: number
  querySelectorAll(selector: string): Iterable<Scrollable>
}

/**
 * The chat list reads its pages as its end comes near and draws only the rows near the view: the
 * oldest chat is drawn once the list has been scrolled to its end, page after page.
 */
async function scrollUntilDrawn(list: Locator, item: Locator): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await item.isVisible())) {
    if (Date.now() > deadline) throw new Error('the longest chat was not drawn in the chat list in 60 s')
    await list.evaluate((root: Scrollable) => {
      for (const element of [root, ...root.querySelectorAll('*')])
        if (element.scrollHeight > element.clientHeight + 1) element.scrollTop = element.scrollHeight
    })
    await list.page().waitForTimeout(100)
  }
}

/** From another section to this one: ms to the first frame with a row of its list. */
async function openView(page: Page, view: ListView): Promise<number> {
  await markTarget(sectionButton(page, view.section))
  return page.evaluate<number>(navigateAndWaitScript(view.rows))
}

async function scrollView(page: Page, view: ListView): Promise<Scrolled> {
  return page.evaluate<Scrolled>(scrollToEndScript(view.rows, view.upward === true))
}

/** What a figure pair of one view says: render time against 150 ms, the worst scroll frame against 50 ms. */
function viewFigures(view: ListView, ms: number, scrolled: Scrolled): BenchFigure[] {
  const worst = Math.max(0, ...scrolled.frames, scrolled.longTask)
  return [
    figure(`year.${view.stem}_ms`, ms, 'ms', 150, 'lower'),
    figure(`year.${view.stem}_scroll_frame_ms`, worst, 'ms', 50, 'lower')
  ]
}

/** Measured after each view: the host's resident memory and the page's JS heap, at their highest. */
export interface Peaks {
  rssMb: number | null
  heapMb: number | null
}

/**
 * Each list view of the year, as a person opens it from another section and scrolls it to its
 * end; then the longest chat opened from the chat list, and the Inspector on it. `sample` is
 * called after each view, to keep the host's and the page's memory at their highest.
 */
export async function measureYearViews(
  ctx: BenchContext,
  page: Page,
  year: YearHome,
  sample: () => Promise<void>
): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = []
  // Lanes are a choice the Nexus keeps; chosen once, before anything is measured.
  await sectionButton(page, 'Nexus').click()
  await page.getByRole('button', { name: 'Lanes', exact: true }).click()
  await sectionButton(page, 'Settings').click()
  for (const view of VIEWS) {
    const ms = await openView(page, view)
    const scrolled = await scrollView(page, view)
    ctx.log(
      `year: ${view.stem} drawn in ${Math.round(ms)} ms; scrolled to its end over ${scrolled.frames.length} frames (${frameSpread(scrolled.frames)}), worst ${Math.round(Math.max(0, ...scrolled.frames))} ms, longest task ${Math.round(scrolled.longTask)} ms, ${scrolled.rows} rows in the page`
    )
    if (scrolled.stillLoading > 0)
      ctx.log(
        `year: ${view.stem} stopped loading: its end still said more was loading 3 s after it was reached`
      )
    if (scrolled.over.length > 0)
      ctx.log(
        `year: ${view.stem}'s frames over 40 ms (start+ms on the page's clock): ${scrolled.over.join(', ')}; the page's longest animation frames: ${scrolled.slow.map(describeSlow).join('; ') || 'none of 50 ms or more'}`
      )
    figures.push(...viewFigures(view, ms, scrolled))
    await sample()
  }
  figures.push(figure('year.open_longest_ms', await openLongest(page, year), 'ms', 300, 'lower'))
  await sample()
  const inspectorMs = await openView(page, INSPECTOR)
  const inspected = await scrollView(page, INSPECTOR)
  ctx.log(`year: inspector drawn in ${Math.round(inspectorMs)} ms, ${inspected.rows} calls`)
  figures.push(...viewFigures(INSPECTOR, inspectorMs, inspected))
  await sample()
  return figures
}

/** The longest chat (its agent's oldest, so the end of the chat list) clicked: ms to its transcript drawn. */
async function openLongest(page: Page, year: YearHome): Promise<number> {
  const sessions = page.getByRole('complementary', { name: 'Sessions' })
  const item = sessions
    .getByRole('button', {
      name: new RegExp(`^${year.longest.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
    })
    .first()
  await scrollUntilDrawn(sessions, item)
  await markTarget(item)
  return page.evaluate<number>(openTitledChatScript(year.longest.title))
}
