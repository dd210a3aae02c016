import { readFileSync } from 'node:fs'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import type { ServeProcess } from '../fixtures/serveProcess'
import { startConnected } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'

const SOUL = `# Scribe\n\n${'Scribe keeps careful notes and answers plainly. '.repeat(80)}\n`
const AGENT = { name: 'Scribe', id: 'scribe', profile: 'I grow vegetables.\n', soul: SOUL }

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** The chat list, its search results and the switcher in both window sizes and both themes. */
async function snapAll(
  page: Page,
  name: string,
  show: () => Promise<void>,
  hide: () => Promise<void> = async () => undefined
): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 900, height: 700 }
  ]) {
    await page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await show()
      await snap(page, `${name}-${size.width}-${scheme}`)
      await hide()
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A connected agent with two chats: "Plan the tomato beds", then `second` (open). */
async function twoChats(page: Page, hearth: ServeProcess, second: string): Promise<ChatsPage> {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, AGENT)
  fake.script('Sun and compost.\n\n```txt\nbed 1: tomatoes\n```', 'Ten degrees before top dead centre.')
  await chat.send('Plan the tomato beds')
  await chat.waitForTurns(1)
  await page.getByTestId('chat-new').click()
  await chat.send(second)
  await chat.waitForTurns(1)
  return new ChatsPage(page)
}

test('rename, pin, export, delete and restore a chat from the list and the header', async ({
  page,
  hearth
}) => {
  const chats = await twoChats(page, hearth, 'Check the <b>ignition</b> timing')

  // Rename from the list: a blank name is refused with the contract's words.
  await chats.renameFromList('Plan the tomato beds', '   ')
  await expect(page.getByRole('alert')).toContainText('A chat name cannot be blank')
  await page.getByRole('textbox', { name: 'Chat name' }).fill('Garden beds')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(chats.row('Garden beds')).toBeVisible()

  // Pin the older chat from its ⋯ menu: it goes to the top.
  await expect(chats.moreActions('Garden beds')).toBeVisible()
  await chats.rowAction('Garden beds', 'Pin to the top')
  await expect(page.getByTestId('chat-session-item').first()).toContainText('Garden beds')
  await expect(
    page.getByTestId('chat-session-item').first().getByText('Pinned', { exact: true })
  ).toBeVisible()

  // Export the open chat as Markdown and JSON.
  await chats.row('Garden beds').click()
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Garden beds')
  const markdown = readFileSync(await (await chats.export('Markdown')).path(), 'utf8')
  expect(markdown).toMatch(/^# Garden beds\n/)
  expect(markdown).toContain('- Agent: Scribe (`scribe`)')
  expect(markdown).toMatch(/## You · .* UTC\n\nPlan the tomato beds/)
  expect(markdown).toContain('```txt\nbed 1: tomatoes\n```')
  const json = JSON.parse(readFileSync(await (await chats.export('JSON')).path(), 'utf8'))
  expect(json).toMatchObject({ format: 'hearth.chat', version: 1, chat: { title: 'Garden beds' } })
  expect(json.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant'])

  // Delete the open chat: the view moves to the other chat; the trash has it back.
  await chats.headerAction('Delete').click()
  await expect(chats.row('Garden beds')).toHaveCount(0)
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Check the <b>ignition</b> timing')
  const trash = await chats.openTrash()
  await expect(trash.getByTestId('chat-trash-item')).toContainText('Garden beds')
  await snap(page, 'chats-trash')
  await trash.getByRole('button', { name: 'Restore Garden beds' }).click()
  await expect(page.getByText('The trash is empty.')).toBeVisible()
  await expect(chats.trashedNotice).toBeHidden()
  await page.getByRole('button', { name: 'Back to chats' }).click()
  await expect(chats.row('Garden beds')).toBeVisible()
  await snapAll(page, 'chats-list', () => chats.showList())
})

test('a chat row’s ⋯ menu works from the keyboard, and a delete says "Moved to Trash" with Undo', async ({
  page,
  hearth
}) => {
  const chats = await twoChats(page, hearth, 'Check the ignition timing')

  // Keyboard: the ⋯ button opens the menu on its first item; arrows move, Escape gives focus back.
  const more = chats.moreActions('Plan the tomato beds')
  await more.focus()
  await page.keyboard.press('Enter')
  const menu = chats.rowMenu('Plan the tomato beds')
  await expect(menu.getByRole('menuitem')).toHaveText(['Pin to the top', 'Rename', 'Move to Trash'])
  await expect(menu.getByRole('menuitem', { name: 'Pin to the top' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'Move to Trash' })).toBeFocused()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await snap(page, `chats-row-menu-1280-${scheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()

  // Delete from the menu: the chat leaves the list, a notice says where it went, Undo brings it back.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await expect(chats.row('Plan the tomato beds')).toHaveCount(0)
  await expect(chats.trashedNotice).toContainText('“Plan the tomato beds” moved to Trash.')
  const undo = chats.trashedNotice.getByRole('button', { name: 'Undo' })
  await expect(undo).toBeFocused()
  await snapAll(page, 'chats-trashed-notice', async () => {
    await expect(chats.trashedNotice).toBeVisible()
  })
  await page.keyboard.press('Enter')
  await expect(chats.row('Plan the tomato beds')).toBeVisible()
  await expect(chats.trashedNotice).toBeHidden()

  // Deleting the open chat from the header: Undo opens it again.
  await chats.row('Check the ignition timing').click()
  await chats.headerAction('Delete').click()
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Plan the tomato beds')
  await chats.trashedNotice.getByRole('button', { name: 'Undo' }).click()
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Check the ignition timing')
  await expect(chats.row('Check the ignition timing')).toHaveAttribute('aria-current', 'true')

  // Dismiss puts the notice away without undoing.
  await chats.rowAction('Check the ignition timing', 'Move to Trash')
  await chats.trashedNotice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(chats.trashedNotice).toBeHidden()
  await expect(chats.row('Check the ignition timing')).toHaveCount(0)
})

test('search finds chats of two agents, opens one in its agent, and Ctrl+K jumps between chats', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { app, chat } = await startConnected(page, hearth, fake.url, AGENT)
  const chats = new ChatsPage(page)
  fake.script('Sun and compost.')
  await chat.send('Plan the tomato beds')
  await chat.waitForTurns(1)
  await chats.headerAction('Rename').click()
  await page.getByRole('textbox', { name: 'Chat name' }).fill('Garden beds')
  await page.getByRole('textbox', { name: 'Chat name' }).press('Enter')
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Garden beds')

  // A second agent with its own tomato chat: search finds both, with the agent's name.
  await app.createAgent('Coder')
  await app.agent('coder').click()
  fake.script('Use a regular expression per tomato line.')
  await chat.send('Write a parser for tomato logs')
  await chat.waitForTurns(1)
  const hits = await chats.search('tomato')
  await expect(hits).toHaveCount(2)
  await expect(hits.filter({ hasText: 'Garden beds' })).toContainText('Scribe')
  await expect(hits.filter({ hasText: 'Write a parser' })).toContainText('Coder')
  await expect(hits.locator('mark').first()).toHaveText(/tomato/i)
  await snapAll(page, 'chats-search', async () => {
    await chats.showList()
    await expect(hits).toHaveCount(2)
  })
  await hits.filter({ hasText: 'Garden beds' }).click()
  await expect(app.agent('scribe')).toHaveAttribute('aria-current', 'true')
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Garden beds')

  // Ctrl+K: a dialog with its search box focused, the chat list's own search (title, agent,
  // message text), arrows + Enter.
  await chats.openSwitcher()
  const box = chats.switcher.getByRole('searchbox')
  await expect(box).toBeFocused()
  await expect(chats.switcherChats).toHaveCount(2)
  await box.fill('coder')
  await expect(chats.switcherChats).toHaveCount(1)
  await box.fill('tomato')
  await expect(chats.switcherChats).toHaveCount(2)
  await expect(chats.switcherChats.locator('mark').first()).toHaveText(/tomato/i)
  await box.fill('')
  await box.press('ArrowDown')
  await expect(chats.switcher.getByRole('option', { selected: true })).toHaveCount(1)
  await box.fill('parser')
  await box.press('Enter')
  await expect(chats.switcher).toBeHidden()
  await expect(app.agent('coder')).toHaveAttribute('aria-current', 'true')
  await expect(chats.titleBar.getByRole('heading')).toHaveText('Write a parser for tomato logs')
  await snapAll(
    page,
    'chats-switcher',
    async () => {
      await chats.openSwitcher()
      await expect(chats.switcher.getByRole('searchbox')).toBeFocused()
    },
    async () => {
      await page.keyboard.press('Escape')
      await expect(chats.switcher).toBeHidden()
    }
  )
})
