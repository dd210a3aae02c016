import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'
import { MemoriesPage } from '../pages/MemoriesPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('focus goes where the next keystroke belongs: the message box after first run and on opening a chat; back after Ctrl+K', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  const chat = new ChatPage(page)
  const chats = new ChatsPage(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', 'I grow vegetables.\n')

  // First run done: the message box is ready to type in.
  await expect(chat.input).toBeFocused()
  await snap(page, 'focus-after-first-run')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  fake.script('Sun and compost.', 'Ten degrees before top dead centre.')
  await page.keyboard.type('Plan the tomato beds')
  await page.keyboard.press('Enter')
  await chat.waitForTurns(1)

  // New chat, and opening a chat from the list: the message box again.
  await page.getByTestId('chat-new').click()
  await expect(chat.input).toBeFocused()
  await chat.send('Check the ignition timing')
  await chat.waitForTurns(1)
  await chats.row('Plan the tomato beds').click()
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Plan the tomato beds')
  await expect(chat.input).toBeFocused()

  // A search hit opens its chat with the message box focused too.
  const hits = await chats.search('ignition')
  await hits.first().click()
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Check the ignition timing')
  await expect(chat.input).toBeFocused()

  // Ctrl+K and Escape: focus is back where it was (here, the chat search box).
  const search = page.getByRole('searchbox', { name: 'Search chats' })
  await search.focus()
  await chats.openSwitcher()
  await expect(chats.switcher.getByRole('searchbox')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(chats.switcher).toBeHidden()
  await expect(search).toBeFocused()

  // Ctrl+K and a choice: back where it was too, with the chosen chat open.
  await chats.openSwitcher()
  await page.keyboard.type('tomato')
  await page.keyboard.press('Enter')
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Plan the tomato beds')
  await expect(search).toBeFocused()

  // Chosen from a view that Chat replaces: what had the focus is gone, so the message box takes it.
  const memories = new MemoriesPage(page)
  await memories.open()
  await memories.search.focus()
  await chats.openSwitcher()
  await page.keyboard.type('ignition')
  await page.keyboard.press('Enter')
  await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Check the ignition timing')
  await expect(chat.input).toBeFocused()
})
