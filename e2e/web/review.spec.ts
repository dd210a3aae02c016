import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { chatThatLeaves } from '../fixtures/retention'
import { connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('Review reads well: groups by agent and chat, provenance in words, merging that explains itself, Reject that can be undone', async ({
  page,
  hearth
}) => {
  fake.reset()
  await new HearthApp(page).startWith(hearth.url, 'Scribe')
  const sessions = await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await rpc.call('agents.create', { name: 'Lyra' })
    return [
      await chatThatLeaves(fake, rpc, 'scribe', 'Release day', [
        'Releases go out on Tuesdays',
        'No releases on Fridays',
        'The user had coffee'
      ]),
      await chatThatLeaves(fake, rpc, 'lyra', 'Photo app colours', ['The photo app uses a dark theme'])
    ]
  })

  const review = new ReviewPage(page)
  await review.open()
  const groups = page.getByTestId('review-group')
  await expect(groups.getByRole('heading')).toHaveText([
    'Lyra · “Photo app colours” · 1 candidate',
    'Scribe · “Release day” · 3 candidates'
  ])
  for (const id of sessions) await expect(page.getByTestId('review-section')).not.toContainText(id)
  await expect(review.focused.getByTestId('candidate-provenance')).toContainText(
    'You said it in message 1 of “Photo app colours”'
  )
  await snap(page, 'review-groups-by-agent-and-chat')

  // Lyra's only candidate has nothing to merge into, and Merge says so instead of an empty list.
  await review.focused.getByRole('button', { name: /Merge/ }).click()
  await expect(page.getByTestId('merge-nothing')).toContainText(
    'Nothing to merge into yet: Lyra has no approved facts and no other candidate waiting.'
  )
  await snap(page, 'review-merge-nothing')
  await page.getByTestId('merge-panel').getByRole('button', { name: 'Close' }).click()

  // Two of Scribe's candidates, selected and merged into one: the text starts as the fuller of
  // the two (not both run together), and the merge ends decided — one approved fact.
  await review.candidate('Releases go out on Tuesdays').getByRole('checkbox').check()
  await review.candidate('No releases on Fridays').getByRole('checkbox').check()
  await page.getByTestId('review-batch').getByRole('button', { name: 'Merge selected…' }).click()
  await expect(page.getByTestId('merge-selected-text')).toHaveValue('Releases go out on Tuesdays')
  await page.getByTestId('merge-selected-text').fill('Releases go out on Tuesdays, never on Fridays')
  await snap(page, 'review-merge-selected')
  await page.getByRole('button', { name: 'Merge into one and approve' }).click()
  await expect(review.candidates).toHaveCount(2)
  await expect(review.candidate('Releases go out on Tuesdays')).toHaveCount(0)
  await expect(review.candidate('No releases on Fridays')).toHaveCount(0)
  const facts = await withRpc(hearth, (rpc) =>
    rpc.call('review.list', { agentId: 'scribe', status: 'approved' })
  )
  expect(facts.candidates.map((fact: { text: string }) => fact.text)).toEqual([
    'Releases go out on Tuesdays, never on Fridays'
  ])

  // Reject, then Undo: the candidate is back in the inbox.
  await review.candidate('The user had coffee').click()
  await review.press('r')
  await expect(review.candidate('The user had coffee')).toHaveCount(0)
  const notice = page.getByTestId('review-rejected-notice')
  await expect(notice).toContainText('Rejected: “The user had coffee”')
  await snap(page, 'review-rejected-undo')
  await notice.getByRole('button', { name: 'Undo' }).click()
  await expect(review.candidate('The user had coffee')).toHaveCount(1)
  await expect(notice).toHaveCount(0)

  // With an approved fact, Merge offers it first and shows the change as a diff.
  await review.candidate('The user had coffee').click()
  await review.press('m')
  const merge = page.getByTestId('merge-panel')
  await expect(merge.getByTestId('merge-target')).toContainText(
    'Releases go out on Tuesdays, never on Fridays'
  )
  await expect(merge.getByTestId('merge-diff')).toBeVisible()
  // The text starts as the fuller of the two, never both run together; the user edits it.
  const merged = merge.getByRole('textbox', { name: 'Merged text' })
  await expect(merged).toHaveValue('Releases go out on Tuesdays, never on Fridays')
  await merged.fill('Releases go out on Tuesdays, never on Fridays; coffee first')
  await snap(page, 'review-merge-into-fact')
  // The merge ends decided: the candidate leaves the inbox and the fact takes the text.
  await merge.getByRole('button', { name: /^Merge into #\d+$/ }).click()
  await expect(merge).toHaveCount(0)
  await expect(review.candidate('The user had coffee')).toHaveCount(0)
  const afterMerge = await withRpc(hearth, (rpc) =>
    rpc.call('review.list', { agentId: 'scribe', status: 'approved' })
  )
  expect(afterMerge.candidates.map((fact: { text: string }) => fact.text)).toEqual([
    'Releases go out on Tuesdays, never on Fridays; coffee first'
  ])
})
