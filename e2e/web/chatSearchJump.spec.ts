import { test, expect } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'

const MESSAGES = 200
const EARLY_QUESTION = 'Question 34: what is the next step for the move?'

test.use({ longChatMessages: MESSAGES })

test('a search hit scrolls to its message every time it is opened, not only the first', async ({
  page,
  hearth
}) => {
  await new HearthApp(page).open(hearth.url)
  const chats = new ChatsPage(page)
  const chat = new ChatPage(page)
  await chats.row(`A chat of ${MESSAGES} messages`).click()
  const newest = chat.assistantMessages().filter({ hasText: `Reply ${MESSAGES / 2}:` })
  await expect(newest).toBeInViewport()

  const early = chat.userMessages(EARLY_QUESTION)
  for (const attempt of [1, 2]) {
    const hits = await chats.search('Question 34')
    await expect(hits).toHaveCount(1)
    await hits.first().click()
    await expect(early, `opening the hit, time ${attempt}`).toBeInViewport()
    await snap(page, `chat-search-jump-${attempt}`)
    // The reader scrolls back down to the newest reply before searching again.
    await chat.scrollTranscriptToBottom()
    await expect(newest).toBeInViewport()
    await expect(early).not.toBeInViewport()
  }
})
