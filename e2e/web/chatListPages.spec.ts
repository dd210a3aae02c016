import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'

const CHATS = 260

/** A row's title line (the Pinned badge and the name), without its date line. */
const titleOf = (row: Locator): Locator => row.locator('.chat-sessions__title')

test.use({ manyChats: CHATS })

test('the chat list reads its chats a page at a time: scrolling reaches the oldest, and a pin from far down moves it to the top', async ({
  page,
  hearth
}) => {
  await new HearthApp(page).open(hearth.url)
  const chats = new ChatsPage(page)
  await chats.showList()
  const list = chats.list.getByRole('list', { name: 'Chats' })
  const rows = list.getByTestId('chat-session-item')
  await expect(rows.first()).toContainText(`Chat number ${CHATS}`)
  // Only the rows near the view are in the page; the list says how many of how many it shows.
  expect(await rows.count()).toBeLessThan(60)
  const more = chats.list.getByRole('status')
  await expect(more).toHaveText(`Showing 100 of ${CHATS} chats; loading more as you scroll…`)
  await snap(page, 'chat-list-pages-first')

  const scroller = page.getByTestId('chat-list-scroll')
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollBy(0, 3000))
    await expect(more).toHaveCount(0, { timeout: 500 })
  }).toPass({ timeout: 30_000 })
  // The oldest chat is the last row, its ⋯ button named after it alone. Rows are measured as they
  // are drawn, so the end may move while the view gets there.
  const oldest = chats.moreActions('Chat number 1')
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollBy(0, 1_000_000))
    await expect(oldest).toBeInViewport({ timeout: 500 })
  }).toPass({ timeout: 15_000 })
  await expect(titleOf(rows.last())).toHaveText('Chat number 1')
  expect(await rows.count()).toBeLessThan(60)
  await snap(page, 'chat-list-pages-end')

  // Pinning the oldest chat from its row's menu moves it to the top; the list stays whole.
  await chats.rowAction('Chat number 1', 'Pin to the top')
  await scroller.evaluate((element) => element.scrollTo(0, 0))
  await expect(titleOf(rows.first())).toHaveText('PinnedChat number 1')
  await expect(oldest).toBeInViewport()
  await expect(more).toHaveCount(0)
  await snap(page, 'chat-list-pages-pinned')
})
