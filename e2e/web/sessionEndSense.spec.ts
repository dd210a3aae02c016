import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { SCRIBE } from '../fixtures/agents'
import { expect, test } from '../fixtures/hearth'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { connectModel, startConnected, withRpc } from '../pages/ChatPage'
import { ReviewPage } from '../pages/ReviewPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const retentionCalls = (): number =>
  fake.requests.filter(
    (r) => r.path === '/v1/messages' && r.status === 200 && r.body?.tool_choice !== undefined
  ).length

test('quitting reads only the chats with substance; Review says what each session left, and Merge ends decided', async ({
  page,
  hearth,
  pageProblems
}) => {
  fake.reset()
  const { app, chat } = await startConnected(page, hearth, fake.url, SCRIBE)
  fake.setToolInput('record_memory_candidates', {
    candidates: [
      { text: 'Releases ship on Tuesdays', type: 'project_fact', speaker: 'user', quote: 'ship on Tuesdays' },
      { text: 'Releases ship on Tuesday mornings', type: 'project_fact', speaker: 'user', quote: 'mornings' }
    ]
  })

  // A chat where the model never answered: every attempt was overloaded.
  fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
  await chat.send('Where do the release notes live?')
  await expect(page.getByTestId('chat-turn-failed')).toBeVisible()
  // A greeting, shorter than the 60 characters Settings asks for.
  await chat.newChat.click()
  fake.script('Hello!')
  await chat.send('Hi')
  await chat.waitForTurns(1)
  // A chat with substance.
  await chat.newChat.click()
  fake.script('Noted: releases ship on Tuesday mornings.')
  await chat.send('We ship releases on Tuesdays, in the morning, after the standup.')
  await chat.waitForTurns(1)

  // Hearth quits and starts again: only the third chat is read.
  await hearth.restart()
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 20_000 })
  expect(retentionCalls()).toBe(1)

  const review = new ReviewPage(page)
  await review.open()
  await expect(review.candidates).toHaveCount(2)
  const ends = page.getByTestId('review-session-ends')
  await ends.getByText(/Recent session ends/).click()
  const end = (title: string) =>
    ends
      .getByTestId('review-session-end')
      .filter({ hasText: title })
      .getByTestId('review-session-end-outcome')
  await expect(end('We ship releases on Tuesdays')).toHaveText('2 candidates · 2 still waiting')
  await expect(end('Where do the release notes live?')).toHaveText(
    'not read for memories: the model never answered in it'
  )
  await expect(end('“Hi”')).toHaveText(
    'not read for memories: it is shorter than 60 characters (Settings → Retention)'
  )
  await expect(ends).toContainText('ended when Hearth closed')
  await snap(page, 'session-ends-in-review')

  // Merge the two candidates: it starts from the fuller text and ends with one approved fact.
  await review.candidate('Releases ship on Tuesdays').first().getByRole('checkbox').check()
  await review.candidate('Releases ship on Tuesday mornings').getByRole('checkbox').check()
  await page.getByTestId('review-batch').getByRole('button', { name: 'Merge selected…' }).click()
  await expect(page.getByTestId('merge-selected-text')).toHaveValue('Releases ship on Tuesday mornings')
  await page.getByRole('button', { name: 'Merge into one and approve' }).click()
  await expect(page.getByTestId('review-empty')).toBeVisible()
  await expect(end('We ship releases on Tuesdays')).toHaveText('2 candidates · 0 still waiting')
  await snap(page, 'review-merge-decided')

  // The greeting's chat says why it was not read, and reads it when asked.
  await ends.getByTestId('review-session-end').filter({ hasText: '“Hi”' }).getByRole('button').click()
  await expect(page.getByTestId('chat-ended-skipped')).toContainText(
    'Closed without looking for memories: it is shorter than 60 characters'
  )
  await snap(page, 'chat-ended-without-retention')
  await page.getByRole('button', { name: 'Look for memories anyway' }).click()
  await expect(page.getByTestId('chat-ended-outcome')).toContainText('It left 2 candidates for your review')
  expect(retentionCalls()).toBe(2)
  await expect(app.nav('review')).toContainText('2')

  // The size is a setting.
  await app.goTo('settings')
  await expect(page.getByTestId('settings-retention-min-chars')).toHaveValue('60')
  forgetHostOutage(pageProblems)
})
