import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { answeredChatRequests, copiesIn, type ModelRequest } from '../fixtures/modelRequests'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { connectModel, startConnected, withRpc } from '../pages/ChatPage'

const PERSONA = `# Scribe\n\n${'Scribe keeps careful notes, answers plainly, and checks facts before stating them. '.repeat(80)}\n`

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const sentRequests = (): ModelRequest[] => answeredChatRequests(fake)

test('a failed turn is retried without a second copy, drafts survive a reload, and Send waits while the host is away', async ({
  page,
  hearth,
  pageProblems
}) => {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, {
    name: 'Scribe',
    id: 'scribe',
    profile: '# About me\n\nI keep the release notes.\n',
    soul: PERSONA
  })

  // A draft survives a reload.
  await chat.composer.fill('A half-written thought about the release')
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await expect(chat.composer).toHaveValue('A half-written thought about the release')

  // The model stays overloaded through every SDK retry: the turn fails, nothing is billed.
  fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
  await chat.composer.fill('Where is the release checklist?')
  await chat.composer.press('Enter')
  await expect(page.getByTestId('chat-turn-failed')).toContainText('The reply did not complete')
  await expect(chat.composer).toHaveValue('')
  await expect(chat.footers()).toHaveCount(0)
  await snap(page, 'retry-failed-turn')

  fake.script('It lives in docs/release.md.')
  await chat.retry.click()
  await expect(chat.assistantMessages().last()).toContainText('It lives in docs/release.md.')
  await expect(page.getByTestId('chat-turn-failed')).toBeHidden()
  await expect(chat.footers()).toHaveCount(1)
  await expect(chat.userMessages('Where is the release checklist?')).toHaveCount(1)
  const [answered] = sentRequests()
  expect(sentRequests()).toHaveLength(1)
  expect(answered?.messages).toHaveLength(1)
  expect(copiesIn(answered, 'Where is the release checklist?')).toBe(1)
  await snap(page, 'retry-answered')

  // The host goes away: Send is disabled, Enter does nothing, the draft stays.
  await hearth.stop()
  await expect(page.getByTestId('connection-banner')).toBeVisible()
  await chat.composer.fill('And who signs it off?')
  await expect(chat.sendButton).toBeDisabled()
  await chat.composer.press('Enter')
  await expect(chat.composer).toHaveValue('And who signs it off?')
  await expect(page.getByTestId('chat-offline')).toContainText('Your message stays here')
  await snap(page, 'offline-send-disabled')

  await hearth.restart()
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 20_000 })
  // Quitting the host ended the session (retention runs on quit); the unsent draft is not lost:
  // the ended chat says so, and New chat takes it along.
  await expect(page.getByRole('heading', { name: 'This session has ended' })).toBeVisible()
  await expect(page.getByTestId('chat-ended-draft')).toContainText('never sent')
  await snap(page, 'offline-draft-after-restart')
  await page.getByRole('button', { name: 'New chat', exact: true }).click()
  await expect(chat.composer).toHaveValue('And who signs it off?')
  await expect(chat.sendButton).toBeEnabled()
  fake.script('The release lead signs it off.')
  await chat.sendButton.click()
  await expect(chat.assistantMessages().last()).toContainText('The release lead signs it off.')
  await expect(chat.userMessages('And who signs it off?')).toHaveCount(1)
  expect(copiesIn(sentRequests().at(-1), 'And who signs it off?')).toBe(1)
  forgetHostOutage(pageProblems)
})
