import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { chatThatLeaves } from '../fixtures/retention'
import { snap } from '../fixtures/screenshots'
import { connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('Review → History lists each decision with when and what, and Undo takes back an approval, a rejection and a merge', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Scribe')
  await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await chatThatLeaves(fake, rpc, 'scribe', 'Release day', [
      'Releases go out on Tuesdays',
      'The user had coffee',
      'Releases never go out on Fridays'
    ])
  })
  const recalled = (query: string): Promise<string[]> =>
    withRpc(hearth, async (rpc) =>
      (await rpc.call('memory.recall', { agentId: 'scribe', query, k: 5 })).items.map(
        (item: { text: string }) => item.text
      )
    )
  const review = new ReviewPage(page)
  await review.open()
  await expect(review.candidates).toHaveCount(3)

  await review.candidate('Releases go out on Tuesdays').click()
  await review
    .candidate('Releases go out on Tuesdays')
    .getByRole('button', { name: /^Approve/ })
    .click()
  await review.candidate('The user had coffee').click()
  await review
    .candidate('The user had coffee')
    .getByRole('button', { name: /^Reject/ })
    .click()
  await review.candidate('Releases never go out on Fridays').click()
  await review
    .candidate('Releases never go out on Fridays')
    .getByRole('button', { name: /^Merge/ })
    .click()
  await page
    .getByRole('textbox', { name: 'Merged text' })
    .fill('Releases go out on Tuesdays, never on Fridays')
  await page.getByRole('button', { name: /^Merge into #/ }).click()
  await expect(review.candidates).toHaveCount(0)
  expect(await recalled('releases')).toEqual(['Releases go out on Tuesdays, never on Fridays'])

  // "Kept in history" leads to the history itself.
  await page.getByTestId('review-rejected-notice').getByRole('button', { name: 'Kept in history' }).click()
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  const decisions = page.getByRole('list', { name: 'Decided candidates' }).getByRole('listitem')
  await expect(decisions).toHaveCount(3)
  await expect(decisions.nth(0)).toContainText(/^Merged into #\d+Releases never go out on Fridays/)
  await expect(decisions.nth(0)).toContainText(
    'took the text “Releases go out on Tuesdays, never on Fridays”'
  )
  await expect(decisions.nth(0)).toContainText('(it said “Releases go out on Tuesdays”)')
  await expect(decisions.nth(1)).toContainText(/^RejectedThe user had coffee/)
  await expect(decisions.nth(2)).toContainText(/^ApprovedReleases go out on Tuesdays/)
  await expect(decisions.nth(2)).toContainText('Scribe · message 1 of “Release day” · approved')
  await snap(page, 'review-history')

  // Undo the merge: the candidate returns to the inbox and the fact to its text before.
  await decisions.nth(0).getByRole('button', { name: 'Undo' }).click()
  await expect(decisions.nth(0)).toContainText(
    'The candidates go back to the inbox and the fact to its text before the merge.'
  )
  expect(await recalled('releases')).toEqual(['Releases go out on Tuesdays'])

  // Undo the approval: back in the inbox, no longer recalled.
  await decisions.nth(2).getByRole('button', { name: 'Undo' }).click()
  await expect(decisions.nth(2)).toContainText('Back to the inbox; it is no longer recalled.')
  await expect(decisions.nth(2).getByRole('button', { name: 'Undo' })).toHaveCount(0)
  expect(await recalled('releases')).toEqual([])

  await decisions.nth(1).getByRole('button', { name: 'Undo' }).click()
  await expect(decisions.nth(1)).toContainText(/Undone .*Back to the inbox\./)
  await snap(page, 'review-history-undone')

  await page.getByRole('tab', { name: 'Inbox' }).click()
  await expect(review.candidates).toHaveCount(3)
  await expect(review.candidate('Releases go out on Tuesdays')).toHaveCount(1)
  await expect(review.candidate('The user had coffee')).toHaveCount(1)
  await expect(review.candidate('Releases never go out on Fridays')).toHaveCount(1)
})
