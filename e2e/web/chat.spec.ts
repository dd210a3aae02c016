import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const PERSONA = `# Scribe\n\n${'Scribe keeps careful notes, answers plainly, and checks facts before stating them. '.repeat(80)}\n`
const LONG = 'This answer keeps going for a while so that there is time to press Stop. '.repeat(30)

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('a streamed chat, cache read on turn 2 in the inspector, Stop mid-stream, and search finding an earlier message', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep zebras.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  writeFileSync(join(hearth.home, 'agents', 'scribe', 'SOUL.md'), PERSONA)
  const chat = new ChatPage(page)
  await app.goTo('chat')

  fake.script({ text: ['Zebras ', 'are ', 'striped ', '**horses** ', 'of ', 'Africa.'], delayMs: 150 })
  await chat.send('Tell me about zebras')
  await expect(chat.streaming).toContainText('Zebras')
  await snap(page, 'chat-streaming')
  await chat.waitForTurns(1)
  await expect(chat.assistantMessages().first().locator('strong')).toHaveText('horses')

  fake.script('They live in herds.')
  await chat.send('Do they live alone?')
  await chat.waitForTurns(2)
  await chat.showUsage()
  await expect(page.getByTestId('turn-cache-share').nth(1)).not.toHaveText('0% from cache')
  await snap(page, 'chat-two-turns')

  await chat.inspectTurn(1)
  const cacheRead = page.getByTestId('inspector-cache-read').first()
  await expect(cacheRead).toHaveText(/cache read [1-9]\d*/)
  await expect(page.getByTestId('inspector-breakpoint').first()).toBeVisible()
  await expect(page.getByTestId('inspector-diff').first()).toContainText('identical')
  await snap(page, 'inspector-turn-2')

  await app.goTo('chat')
  fake.script({ text: LONG, delayMs: 40 })
  await chat.send('Now a long answer please')
  await expect(chat.streaming).toContainText('keeps going')
  await chat.stop()
  await expect(chat.assistantMessages().last()).toHaveAttribute('data-status', 'partial')
  await expect(chat.assistantMessages().last()).toContainText('stopped — partial reply kept')
  await snap(page, 'chat-stopped')

  await page.getByTestId('chat-new').click()
  await expect(page.getByTestId('chat-empty')).toBeVisible()
  const hits = await chat.search('zebras')
  await expect(hits.first()).toContainText('zebras')
  await hits.first().click()
  await expect(page.getByTestId('chat-user-message').first()).toHaveText('Tell me about zebras')
  await snap(page, 'chat-search')
})
