import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** The conversation the fake model received in its latest request, as role: text lines. */
function lastHistory(): string[] {
  const body = fake.requests.at(-1)?.body as {
    messages: { role: string; content: { type: string; text?: string }[] }[]
  }
  return body.messages.map((m) => `${m.role}: ${m.content.map((b) => b.text ?? `[${b.type}]`).join(' | ')}`)
}

test('Regenerate keeps the old reply as a version, Edit forks the conversation, Copy copies a message; all of it survives a reload', async ({
  page,
  hearth,
  context
}) => {
  fake.reset()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep zebras.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  const chat = new ChatPage(page)
  await app.goTo('chat')
  fake.script('Zebras are **striped** horses.', 'They live in herds.')
  await chat.send('Tell me about zebras')
  await chat.waitForTurns(1)
  await chat.send('Do they live alone?')
  await chat.waitForTurns(2)

  fake.script('Mostly in herds; old stallions sometimes roam alone.')
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(chat.assistantMessages().last()).toContainText('old stallions')
  await chat.waitForTurns(2)
  expect(lastHistory()).toEqual([
    'user: Tell me about zebras',
    'assistant: Zebras are **striped** horses.',
    'user: Do they live alone?'
  ])
  const replyVersions = page.getByTestId('reply-actions').last().getByTestId('version-position')
  await expect(replyVersions).toHaveText('2/2')
  await snap(page, 'chat-regenerated-1280')

  await page.getByRole('button', { name: 'Previous version' }).click()
  await expect(replyVersions).toHaveText('1/2')
  await expect(chat.assistantMessages().last()).toHaveText('They live in herds.')
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await app.goTo('chat')
  await page.getByTestId('chat-session-item').first().click()
  await expect(chat.assistantMessages().last()).toHaveText('They live in herds.')
  await expect(page.getByTestId('reply-actions').last().getByTestId('version-position')).toHaveText('1/2')

  await chat.assistantMessages().first().hover()
  await page.getByTestId('reply-actions').first().getByRole('button', { name: 'Copy message' }).click()
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('Zebras are **striped** horses.')

  await page.getByTestId('user-message-actions').first().getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByTestId('fork-cost')).toContainText('1 later turn')
  await expect(page.getByTestId('fork-cost')).toContainText('still cached')
  await page.getByRole('textbox', { name: 'Edited message' }).fill('Tell me about horses')
  await snap(page, 'chat-edit-1280')
  await page.setViewportSize({ width: 900, height: 700 })
  await snap(page, 'chat-edit-900')
  await page.setViewportSize({ width: 1280, height: 800 })
  fake.script('Horses are fast runners.')
  await page.getByRole('button', { name: 'Send edited message' }).click()
  await expect(chat.assistantMessages().last()).toHaveText('Horses are fast runners.')
  await chat.waitForTurns(1)
  expect(lastHistory()).toEqual(['user: Tell me about horses'])
  await expect(page.getByTestId('chat-user-message')).toHaveText(['Tell me about horses'])
  await expect(page.getByTestId('user-message-actions').first().getByTestId('version-position')).toHaveText(
    '2/2'
  )
  await snap(page, 'chat-forked-1280')

  await page
    .getByTestId('user-message-actions')
    .first()
    .getByRole('button', { name: 'Previous version' })
    .click()
  await expect(page.getByTestId('chat-user-message')).toHaveText([
    'Tell me about zebras',
    'Do they live alone?'
  ])
  await page.setViewportSize({ width: 900, height: 700 })
  expect(await chat.pageScrollsSideways()).toBe(false)
  await snap(page, 'chat-versions-900')
})

test('a search hit in a version that is not shown opens that version, on the message, and says so', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Scribe')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  const chat = new ChatPage(page)
  const chats = new ChatsPage(page)
  await app.goTo('chat')
  fake.script('Zebras are striped horses.', 'They live in herds.', 'Horses are fast runners.')
  await chat.send('Tell me about zebras')
  await chat.waitForTurns(1)
  await chat.send('Do they live alone?')
  await chat.waitForTurns(2)
  // Edit the first message: the zebra conversation (and its reply about herds) is now the version not shown.
  await page.getByTestId('user-message-actions').first().getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('textbox', { name: 'Edited message' }).fill('Tell me about horses')
  await page.getByRole('button', { name: 'Send edited message' }).click()
  await expect(chat.assistantMessages().last()).toHaveText('Horses are fast runners.')
  await chat.waitForTurns(1)

  const hits = await chats.search('herds')
  await expect(hits).toHaveCount(1)
  await hits.first().click()
  const herds = chat.assistantMessages().filter({ hasText: 'They live in herds.' })
  await expect(herds).toBeInViewport()
  await expect(herds).toHaveAttribute('data-focused', 'true')
  const notice = page.getByTestId('chat-version-notice')
  await expect(notice).toContainText('Switched to the version of this chat that holds this message')
  await expect(page.getByTestId('user-message-actions').first().getByTestId('version-position')).toHaveText(
    '1/2'
  )
  await snap(page, 'chat-search-hit-other-version')

  // The way back: the version shown before the jump, and the notice goes.
  await notice.getByRole('button', { name: 'Back to where you were' }).click()
  await expect(page.getByTestId('chat-user-message')).toHaveText(['Tell me about horses'])
  await expect(notice).toBeHidden()
})
