import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Browser, Page } from 'playwright-core'
import { createCore } from '../core/createCore'
import { seedLongChat } from '../core/testing/longChat'
import { CHROMIUM_ARGS } from './chromiumArgs'
import { chromiumExecutable } from './chromiumPath'
import { figure, percentile, type BenchContext, type BenchFigure } from './benchTypes'
import { FIRST_PAINT_SCRIPT, openChatScript, SCROLL_SCRIPT } from './uiPageScripts'

const MESSAGES = 2000

export interface Serve {
  readonly url: string
  readonly child: ChildProcess
  /** The end of what the host wrote on stderr, to show when a measure fails. */
  readonly stderrTail: () => string
}

/** Characters of the host's stderr kept for a failure's log. */
const STDERR_KEPT = 4000

/** `hearth serve --json` on a home, resolved with the URL of its first stdout line. */
export function startServe(ctx: BenchContext, home: string): Promise<Serve> {
  const env: NodeJS.ProcessEnv = { ...process.env, HEARTH_HOME: home, HEARTH_SECRET_STORE: 'memory' }
  delete env.ANTHROPIC_API_KEY
  const child = spawn(process.execPath, [ctx.cliPath, '--home', home, 'serve', '--json'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  // Read as it comes: on Linux a write to a full pipe blocks, and a host blocked on its own
  // stderr stops answering the page in the middle of a measure.
  let tail = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_KEPT)
  })
  const stderrTail = (): string => tail
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', (line) =>
      resolve({ url: (JSON.parse(line) as { url: string }).url, child, stderrTail })
    )
    child.once('exit', (code) =>
      reject(
        new Error(
          `hearth serve exited (${String(code)}) before printing its URL${tail === '' ? '' : `: ${tail.trim()}`}`
        )
      )
    )
  })
}

export async function stopServe(serve: Serve): Promise<void> {
  if (serve.child.exitCode !== null) return
  const exited = new Promise((resolve) => serve.child.once('exit', resolve))
  serve.child.kill('SIGTERM')
  await exited
}

/** playwright-core, loaded at run time: it is a development tool, never bundled into the CLI. */
export async function launchChromium(ctx: BenchContext): Promise<Browser | undefined> {
  const moduleName = 'playwright-core'
  try {
    const { chromium } = (await import(/* @vite-ignore */ moduleName)) as typeof import('playwright-core')
    // The system's Chromium (or HEARTH_CHROMIUM), else the one Playwright installed for itself.
    const executablePath = chromiumExecutable() ?? chromium.executablePath()
    if (!existsSync(executablePath)) {
      ctx.log(
        `renderer: skipped the ui.* figures, no Chromium at ${executablePath} (set HEARTH_CHROMIUM or run npx playwright install chromium)`
      )
      return undefined
    }
    return await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] })
  } catch (error) {
    ctx.log(`renderer: skipped the ui.* figures, Chromium did not start: ${String(error)}`)
    return undefined
  }
}

/** A fresh page (own context: nothing cached) at 1280×800. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

/** Navigation start → the first frame after the Chat section is in the page, per fresh page. */
async function firstPaint(browser: Browser, url: string, runs: number): Promise<number[]> {
  const samples: number[] = []
  for (let run = 0; run < runs; run++) {
    const page = await freshPage(browser)
    await page.addInitScript(FIRST_PAINT_SCRIPT)
    await page.goto(url)
    samples.push(await page.evaluate<number>('window.__hearthChatPainted'))
    await page.context().close()
  }
  return samples
}

/** Selecting the long chat → its last reply painted, then a scroll from its end to its start. */
async function openAndScroll(
  browser: Browser,
  url: string,
  runs: number
): Promise<{ open: number[]; frames: number[] }> {
  const page = await freshPage(browser)
  await page.goto(url)
  await page.getByTestId('chat-session-item').first().waitFor()
  const open: number[] = []
  for (let run = 0; run < runs; run++) {
    await page.getByRole('button', { name: 'New chat', exact: true }).click()
    await page.getByTestId('chat-empty').waitFor()
    open.push(await page.evaluate<number>(openChatScript(`Reply ${MESSAGES / 2}:`)))
  }
  const frames = await page.evaluate<number[]>(SCROLL_SCRIPT)
  await page.context().close()
  return { open, frames }
}

function median(samples: readonly number[]): number {
  return percentile(samples, 50)
}

/** Homes for the two measurements: one agent and no chats, and one agent with a 2,000-message chat. */
function seedHomes(ctx: BenchContext): { fresh: string; long: string } {
  const fresh = join(ctx.tmpDir, 'fresh')
  const core = createCore({ home: fresh, host: 'cli', env: {} })
  core.services.agents.create('Atlas')
  core.dispose()
  const long = join(ctx.tmpDir, 'long')
  seedLongChat(long, MESSAGES)
  return { fresh, long }
}

/**
 * The ui.* figures in headless Chromium against `hearth serve`: first paint of Chat on a home with
 * one agent, opening a 2,000-message chat, and the p95 frame time while scrolling it end to end.
 */
export async function measureUi(ctx: BenchContext): Promise<BenchFigure[]> {
  const browser = await launchChromium(ctx)
  if (!browser) return []
  const homes = seedHomes(ctx)
  const runs = ctx.quick ? 3 : 7
  try {
    const fresh = await startServe(ctx, homes.fresh)
    const paint = await firstPaint(browser, fresh.url, runs).finally(() => stopServe(fresh))
    const long = await startServe(ctx, homes.long)
    const { open, frames } = await openAndScroll(browser, long.url, runs).finally(() => stopServe(long))
    ctx.log(
      `renderer: first paint ${paint.map(Math.round).join(', ')} ms; open ${open.map(Math.round).join(', ')} ms`
    )
    return [
      figure('ui.first_paint_ms', median(paint), 'ms', 1500, 'lower'),
      figure('ui.open_2000_messages_ms', median(open), 'ms', 300, 'lower'),
      figure('ui.scroll_p95_frame_ms', percentile(frames, 95), 'ms', 50, 'lower')
    ]
  } finally {
    await browser.close()
  }
}
