import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('editing an earlier message keeps its edit box in view', async ({ page, hearth }) => {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, {
    name: 'Scribe',
    id: 'scribe',
    profile: 'Hi.\n',
    soul: '# Scribe\n\nYou keep notes.\n'
  })
  const long = 'A reply long enough to take a few lines of the transcript. '.repeat(6)
  fake.script(long, long, long)
  for (const [turn, text] of ['Tell me a long story', 'And another one', 'One more'].entries()) {
    await chat.send(text)
    await chat.waitForTurns(turn + 1)
  }
  const earlier = chat.userMessages('And another one')
  await earlier.scrollIntoViewIfNeeded()
  await chat.turns().filter({ has: earlier }).getByRole('button', { name: 'Edit', exact: true }).click()
  const box = page.getByRole('textbox', { name: 'Edited message' })
  await expect(box).toBeFocused()
  await expect(box).toBeInViewport()
  await expect(page.getByTestId('fork-cost')).toBeVisible()
  await expect(box).toBeInViewport()
  await snap(page, 'chat-edit-in-view')
})
