import { test, expect } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const MESSAGES = 2000

test.use({ longChatMessages: MESSAGES })

async function openLongChat(page: ChatPage['page'], url: string): Promise<ChatPage> {
  await new HearthApp(page).open(url)
  // In a narrow window the chat list is folded behind a button.
  const listToggle = page.getByRole('button', { name: 'Chats', exact: true })
  if (await listToggle.isVisible()) await listToggle.click()
  await page
    .getByTestId('chat-session-item')
    .filter({ hasText: `A chat of ${MESSAGES} messages` })
    .click()
  const chat = new ChatPage(page)
  await expect(chat.transcriptList).toBeVisible()
  return chat
}

test('a 2,000-message chat opens at its newest reply with only a screenful of turns in the page', async ({
  page,
  hearth
}) => {
  const chat = await openLongChat(page, hearth.url)
  const last = chat.assistantMessages().filter({ hasText: `Reply ${MESSAGES / 2}:` })
  await expect(last).toBeInViewport()
  // Only its newest turns were read; the chat says how many come before them.
  await expect(page.getByTestId('chat-earlier')).toHaveText(
    /^The newest 100 turns; 900 earlier turns load as you scroll up\. Show them now$/
  )
  await snap(page, 'long-chat-opened-on-its-tail')
  // Drawn: the visible turns and a few either side, never the thousand of them. The eight above the
  // view come just after the first frame, so scrolling up finds them ready.
  await expect.poll(() => chat.turns().count()).toBeGreaterThan(8)
  expect(await chat.turns().count()).toBeLessThan(40)
  await expect(chat.transcriptRows().last()).toHaveAttribute('aria-setsize', String(MESSAGES / 2))
  await expect(chat.transcriptRows().last()).toHaveAttribute('aria-posinset', String(MESSAGES / 2))
  // The loaded-on-demand Rust grammar highlights the blocks that name it.
  const rust = page.locator('[data-testid="code-block"][data-language="rust"]')
  await expect(rust.first()).toBeVisible()
  await expect(rust.first().locator('.hljs-keyword').first()).toHaveText('fn')
})

test('scrolls to the first message, copies it, and keeps a focused turn while scrolling away', async ({
  page,
  hearth,
  context
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const chat = await openLongChat(page, hearth.url)
  await chat.scrollTranscriptToTop()
  // Scrolled up to the newest turns' start, the earlier ones were read and the notice went.
  await expect(page.getByTestId('chat-earlier')).toBeHidden()
  const first = chat.userMessages('Question 1: what is the next step for the garden plan?')
  await expect(first).toBeInViewport()
  const firstReply = chat.turns().first().getByTestId('chat-assistant-message')
  await expect(firstReply).toContainText('Reply 1: here is where the garden plan stands.')
  const copyReply = chat
    .turns()
    .first()
    .getByTestId('reply-actions')
    .getByRole('button', { name: 'Copy message' })
  await copyReply.click()
  await expect(copyReply).toHaveText('Copied')
  const copied = await page.evaluate<string>('navigator.clipboard.readText()')
  expect(copied).toContain('Reply 1: here is where the garden plan stands.')
  // Focus inside the first turn survives the turn scrolling out of view and back.
  const edit = chat.turns().first().getByRole('button', { name: 'Edit', exact: true })
  await edit.focus()
  await chat.scrollTranscriptToBottom()
  await expect(chat.assistantMessages().filter({ hasText: `Reply ${MESSAGES / 2}:` })).toBeInViewport()
  await expect(edit).toBeFocused()
})

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [900, 700]
  ] as const) {
    test(`reads well at ${width}×${height} in the ${theme} theme`, async ({ page, hearth }) => {
      await page.setViewportSize({ width, height })
      await page.emulateMedia({ colorScheme: theme })
      const chat = await openLongChat(page, hearth.url)
      await expect(chat.assistantMessages().filter({ hasText: `Reply ${MESSAGES / 2}:` })).toBeInViewport()
      expect(await chat.pageScrollsSideways()).toBe(false)
      await snap(page, `long-chat-bottom-${theme}-${width}`)
      await chat.scrollTranscriptToTop()
      await expect(
        chat.userMessages('Question 1: what is the next step for the garden plan?')
      ).toBeInViewport()
      await snap(page, `long-chat-top-${theme}-${width}`)
    })
  }
}
