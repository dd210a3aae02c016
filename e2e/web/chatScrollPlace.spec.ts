import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const MESSAGES = 200

test.use({ longChatMessages: MESSAGES })

test('each chat keeps where it was scrolled to across other chats, another agent and a reload; read to its end, it opens at its end', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  const chat = new ChatPage(page)
  const sessions = page.getByRole('complementary', { name: 'Sessions' })
  const longChat = sessions
    .getByTestId('chat-session-item')
    .filter({ hasText: `A chat of ${MESSAGES} messages` })
  const firstQuestion = chat.userMessages('Question 1: what is the next step for the garden plan?')
  const lastReply = chat.assistantMessages().filter({ hasText: `Reply ${MESSAGES / 2}:` })
  const opensWhereLeft = async (): Promise<void> => {
    await expect(firstQuestion).toBeInViewport()
    await expect(lastReply).toHaveCount(0)
  }

  await longChat.click()
  await expect(lastReply).toBeInViewport()
  await chat.scrollTranscriptToTop()
  await expect(firstQuestion).toBeInViewport()
  // The place is written once scrolling pauses; the core keeps it with the rest of the place.
  await expect
    .poll(() => JSON.parse(readFileSync(join(hearth.home, 'ui-place.json'), 'utf8')).scroll)
    .toEqual({ 'long-chat': { turnId: 'turn-1', offsetPx: 0 } })

  // Another chat, then back: the long chat opens where it was left, not at its end.
  await chat.newChat.click()
  await expect(page.getByTestId('chat-empty')).toBeVisible()
  await longChat.click()
  await opensWhereLeft()
  await snap(page, 'chat-scroll-kept-across-chats')

  // Another agent, then back to this one and its chat.
  await app.createAgent('Lyra')
  await expect(app.agent('lyra')).toHaveAttribute('aria-current', 'true')
  await app.agent('archivist').click()
  await longChat.click()
  await opensWhereLeft()

  // A reload comes back to the chat and to the place in it.
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await opensWhereLeft()
  await snap(page, 'chat-scroll-kept-after-reload')

  // A place in the middle comes back to the same message, at the same height in the view.
  const transcript = page.getByTestId('chat-transcript')
  await transcript.evaluate((element) => element.scrollBy(0, 4000))
  const topMessage = (): Promise<{ text: string; top: number }> =>
    transcript.evaluate((element) => {
      const view = element.getBoundingClientRect()
      const messages = [...element.querySelectorAll('[data-testid="chat-user-message"]')]
      const first = messages.find((message) => message.getBoundingClientRect().top >= view.top)
      const text = first?.textContent ?? ''
      return { text, top: Math.round((first?.getBoundingClientRect().top ?? 0) - view.top) }
    })
  await expect
    .poll(
      () => JSON.parse(readFileSync(join(hearth.home, 'ui-place.json'), 'utf8')).scroll['long-chat'].turnId
    )
    .not.toBe('turn-1')
  const before = await topMessage()
  expect(before.text).not.toContain('Question 1:')
  await chat.newChat.click()
  await longChat.click()
  await expect(chat.userMessages(before.text.slice(0, 14))).toBeInViewport()
  await expect.poll(async () => Math.abs((await topMessage()).top - before.top)).toBeLessThan(4)
  expect((await topMessage()).text).toBe(before.text)
  await snap(page, 'chat-scroll-kept-mid-chat')

  // Read to its end, the chat has no place to keep: it opens at its newest reply again.
  await chat.scrollTranscriptToBottom()
  await expect
    .poll(() => JSON.parse(readFileSync(join(hearth.home, 'ui-place.json'), 'utf8')).scroll)
    .toEqual({})
  await chat.newChat.click()
  await longChat.click()
  await expect(lastReply).toBeInViewport()
  await expect(firstQuestion).toHaveCount(0)
})
