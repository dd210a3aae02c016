import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { present } from '../../src/core/testing/callCore'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected, withRpc } from '../pages/ChatPage'
import { ReviewPage } from '../pages/ReviewPage'

const PERSONA = `# Scribe\n\n${'Scribe keeps careful notes, answers plainly, and checks facts before stating them. '.repeat(80)}\n`
const RETENTION_TOOL = 'record_memory_candidates'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('End session shows retention at work, links to its candidates in Review, and the ended chat takes no new messages', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { app, chat } = await startConnected(page, hearth, fake.url, {
    name: 'Scribe',
    id: 'scribe',
    profile: '# About me\n\nI run the billing team.\n',
    soul: PERSONA
  })
  fake.script('Tuesdays it is.')
  await chat.send('We release billing on Tuesdays after the review.')
  await chat.waitForTurns(1)
  const messageId = await page.getByTestId('chat-user-message').first().getAttribute('data-message-id')
  // Retention asks the model through a forced tool; a slow answer leaves time to see it working.
  fake.script({
    toolUses: [
      {
        name: RETENTION_TOOL,
        input: {
          candidates: [
            {
              text: 'Billing releases go out on Tuesdays, after the review',
              type: 'decision',
              speaker: 'user',
              entities: ['billing'],
              quote: 'We release billing on Tuesdays',
              message_id: messageId
            }
          ]
        }
      }
    ],
    delayMs: 400
  })

  await chat.endSession.click()
  await expect(chat.ended).toContainText('This session has ended')
  await expect(chat.composer).toBeHidden()
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeHidden()
  const retention = page.getByTestId('chat-ended-step').first()
  await expect(retention).toHaveAttribute('data-phase', 'running')
  await expect(retention).toContainText('Looking for facts worth remembering')
  await snap(page, 'session-ending')
  await expect(retention).toHaveAttribute('data-phase', 'done')
  await expect(page.getByTestId('chat-ended-outcome')).toContainText('It left 1 candidate for your review.')
  await expect(page.getByTestId('chat-session-item').first()).toContainText('ended')
  // New chat stays in the list once the session ends (one control of that name); the panel where
  // the composer was offers to continue, under a name of its own.
  const sessions = page.getByRole('complementary', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: 'New chat', exact: true })).toBeVisible()
  await expect(chat.newChat).toHaveCount(1)
  await expect(chat.ended.getByRole('button', { name: 'Continue in a new chat' })).toBeVisible()
  await snap(page, 'session-ended')

  // The core refuses a turn on the ended session, not only the UI.
  const sessionId = await withRpc(
    hearth,
    async (rpc) => present((await rpc.call('sessions.list', { agentId: 'scribe' })).items[0], 'a chat').id
  )
  await withRpc(hearth, (rpc) =>
    expect(rpc.call('chat.send', { sessionId, text: 'Sneaking one in' })).rejects.toThrow(
      /This session has ended.*Start a new chat/
    )
  )

  await page.getByRole('link', { name: 'See it in Review' }).click()
  const review = new ReviewPage(page)
  await expect(review.candidate('Billing releases go out on Tuesdays')).toBeVisible()
  await snap(page, 'session-ended-review')

  // Back in Chat the ended session still says so (after a reload too), with its candidate counted.
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await app.goTo('chat')
  await page.getByTestId('chat-session-item').first().click()
  await expect(chat.ended).toContainText('This session has ended')
  await expect(page.getByTestId('chat-ended-outcome')).toContainText('It left 1 candidate')
  await expect(chat.newChat).toHaveCount(1)
  await chat.newChat.click()
  await expect(chat.composer).toBeVisible()
  await expect(page.getByTestId('chat-empty')).toBeVisible()
})
