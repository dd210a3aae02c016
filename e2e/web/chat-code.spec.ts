import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import type { ServeProcess } from '../fixtures/serveProcess'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const PYTHON = 'def greet(name):\n    return "hello " + name  # friendly'
const LONG_LINE = `const wide = "${'x'.repeat(2000)}"`
const REPLY = [
  'Here is the helper:',
  '```python',
  PYTHON,
  '```',
  'And the same idea in Rust:',
  '```rs',
  'fn main() { println!("hello"); }',
  '```',
  'One very long line:',
  '```js',
  LONG_LINE,
  '```'
].join('\n')
const SLOW = 'A long answer that keeps arriving word by word so there is time to press Esc. '.repeat(40)

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** A fresh home past first run, the model pointed at the fake, Chat open. */
async function openChat(page: Page, hearth: ServeProcess): Promise<ChatPage> {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI write small tools.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  await app.goTo('chat')
  return new ChatPage(page)
}

test('code blocks are highlighted, labelled and copyable; long lines scroll inside the block; usage is behind a toggle', async ({
  page,
  hearth,
  context
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const chat = await openChat(page, hearth)

  fake.script(REPLY)
  await chat.send('Show me a greeting helper')
  await chat.waitForTurns(1)
  const blocks = chat.codeBlocks()
  await expect(blocks).toHaveCount(3)
  await expect(blocks.nth(0).locator('.code-block__language')).toHaveText('python')
  await expect(blocks.nth(0).locator('.hljs-keyword').first()).toHaveText('def')
  await expect(blocks.nth(0).locator('.hljs-comment')).toHaveText('# friendly')
  // Rust is not bundled: its chunk is fetched from the app's own files, then the block re-highlights.
  await expect(blocks.nth(1).locator('.hljs-keyword').first()).toHaveText('fn')
  await expect(blocks.nth(1).locator('.code-block__language')).toHaveText('rs')

  expect(await chat.pageScrollsSideways()).toBe(false)
  const inner = await blocks
    .nth(2)
    .locator('pre')
    .evaluate((pre) => ({ scroll: pre.scrollWidth, client: pre.clientWidth }))
  expect(inner.scroll).toBeGreaterThan(inner.client)

  await blocks.nth(0).getByRole('button', { name: 'Copy' }).click()
  await expect(blocks.nth(0).getByRole('button', { name: 'Copy' })).toHaveText('Copied')
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(PYTHON)

  // Plain words: the footer shows the cost; tokens and the first call's cache write only on request, never as a miss.
  await expect(page.getByTestId('turn-cache-share')).toHaveCount(0)
  await chat.showUsage()
  await expect(page.getByTestId('turn-cache-share')).toHaveText('0% from cache')
  await expect(page.getByTestId('turn-cache-note')).toHaveText('prompt written to the cache (first call)')
  await expect(page.locator('.turn-footer__miss')).toHaveCount(0)
  await snap(page, 'chat-code-1280')

  await page.setViewportSize({ width: 900, height: 700 })
  await expect(blocks.nth(2)).toBeVisible()
  expect(await chat.pageScrollsSideways()).toBe(false)
  await snap(page, 'chat-code-900')
})

test('the composer grows with its text up to ~40% of the window, and Esc stops a streaming reply', async ({
  page,
  hearth
}) => {
  const chat = await openChat(page, hearth)

  const height = (): Promise<number> => chat.input.evaluate((box) => box.getBoundingClientRect().height)
  const start = await height()
  await chat.input.fill(Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join('\n'))
  const eight = await height()
  expect(eight).toBeGreaterThan(start)
  await chat.input.fill(Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join('\n'))
  const capped = await height()
  const windowHeight = page.viewportSize()?.height ?? 800
  expect(capped).toBeGreaterThan(eight)
  expect(capped).toBeLessThanOrEqual(windowHeight * 0.4 + 1)
  expect(await chat.input.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true)
  await snap(page, 'chat-composer-tall-1280')
  await page.setViewportSize({ width: 900, height: 700 })
  expect(await height()).toBeLessThanOrEqual(700 * 0.4 + 1)
  await snap(page, 'chat-composer-tall-900')
  await page.setViewportSize({ width: 1280, height: 800 })

  fake.script({ text: SLOW, delayMs: 40 })
  await chat.send('Tell me a long story')
  await expect(chat.streaming).toContainText('keeps arriving')
  await page.keyboard.press('Escape')
  await expect(chat.assistantMessages().last()).toHaveAttribute('data-status', 'partial')
  await expect(chat.assistantMessages().last()).toContainText('stopped — partial reply kept')
  await expect(page.getByTestId('chat-send')).toBeVisible()
  expect(fake.requests.at(-1)?.outcome).toBe('aborted')
  await snap(page, 'chat-esc-stopped')
})
