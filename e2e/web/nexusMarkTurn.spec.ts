import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'
import { NexusPage } from '../pages/NexusPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** A reply that streams for about twenty seconds, one word every 100 ms, unless stopped. */
const SLOW_REPLY = Array.from({ length: 200 }, (_, i) => `word${i} `)

test('the user posts a finished turn to the Nexus from Chat, and the line beside the button says what happened', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { app, chat } = await startConnected(page, hearth, fake.url, {
    name: 'Ella',
    id: 'ella',
    profile: 'I keep photo albums.\n',
    soul: '# Ella\n\nA careful archivist.\n'
  })
  const actions = page.getByTestId('reply-actions')
  const post = (turn: number) => actions.nth(turn).getByRole('button', { name: 'Post to the Nexus' })
  const outcome = (turn: number) => actions.nth(turn).getByRole('status')

  fake.script('The Lisbon album ships on Friday.')
  await chat.send('When does the Lisbon album ship?')
  await chat.waitForTurns(1)

  // While the next turn is still streaming, marking is refused, with the reason.
  fake.script(
    { toolUses: [{ name: 'memory', input: { action: 'add', target: 'user', content: 'Likes WebP' } }] },
    { text: SLOW_REPLY, delayMs: 100 }
  )
  await chat.send('Remember that I like WebP')
  await expect(page.getByTestId('chat-stop')).toBeVisible()
  await post(0).click()
  await expect(outcome(0)).toHaveText(
    'Not posted: this chat is answering right now; mark the turn once its reply has finished'
  )
  await snap(page, 'chat-post-turn-refused')
  await chat.stop()
  await chat.waitForTurns(2)

  // The first turn changed nothing, so it had no entry: posting it creates one. The second wrote
  // memory (then was stopped) and already got its automatic entry (#1): nothing new is posted.
  await post(0).click()
  await expect(outcome(0)).toHaveText('Posted to the Nexus as entry #2.')
  await post(1).click()
  await expect(outcome(1)).toHaveText('Already in the Nexus as entry #1; nothing new was posted.')
  await snap(page, 'chat-post-turn-outcomes')

  await actions.nth(0).getByRole('button', { name: 'Open the Nexus' }).click()
  const nexus = new NexusPage(page)
  await expect(nexus.entry(2)).toContainText('Asked “When does the Lisbon album ship?”')
  await expect(nexus.entry(1)).toContainText('Asked “Remember that I like WebP” · ran memory add')
  await snap(page, 'chat-post-turn-in-nexus')
  expect(app).toBeTruthy()
})
