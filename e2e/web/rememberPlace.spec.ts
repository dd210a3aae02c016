import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startServe } from '../fixtures/serveProcess'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('the agent, its chat, the section and the theme survive a reload and a host on another port', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Scribe')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  await app.createAgent('Lyra')
  await expect(app.agent('lyra')).toHaveAttribute('aria-current', 'true')
  const chat = new ChatPage(page)
  fake.script('Tea it is.')
  await chat.send('Remember the tea.')
  await chat.waitForTurns(1)
  await page.getByRole('radio', { name: 'Dark' }).click()
  await app.goTo('memories')
  await expect
    .poll(() => JSON.parse(readFileSync(join(hearth.home, 'ui-place.json'), 'utf8')))
    .toMatchObject({ agentId: 'lyra', section: 'memories' })
  expect(JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8')).ui).toEqual({ theme: 'dark' })

  const cameBack = async (): Promise<void> => {
    await expect(app.nav('memories')).toHaveAttribute('aria-current', 'page')
    await expect(app.agent('lyra')).toHaveAttribute('aria-current', 'true')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await app.goTo('chat')
    await expect(page.getByText('Tea it is.')).toBeVisible()
  }
  await page.reload()
  await cameBack()
  await app.goTo('memories')
  await snap(page, 'place-after-reload')

  // A host on another port is another origin: nothing of the page's own storage comes along.
  const other = await startServe(hearth.home, {})
  try {
    await page.goto(other.url)
    await cameBack()
    await snap(page, 'place-after-host-restart')
  } finally {
    // Leave its page first: a page left open on a stopped host logs the refused reloads of its code.
    await page.goto('about:blank')
    await other.stop()
  }
})
