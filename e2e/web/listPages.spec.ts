import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

// A generated year at 2.2%: 110 candidates waiting in Review, across six agents.
test.use({ yearScale: 0.022 })

test('Review loads its inbox a page at a time: the first hundred at once, the rest as the list is scrolled, and a decision keeps the list as long', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  const review = new ReviewPage(page)
  await review.open()
  await expect(page.getByText('110 waiting')).toBeVisible()
  await expect(review.candidates).toHaveCount(100)
  const more = page.getByRole('status').filter({ hasText: 'loading more as you scroll' })
  await expect(more).toHaveText('Showing 100 candidates; loading more as you scroll…')
  await snap(page, 'list-pages-review-first')

  await review.candidates.last().scrollIntoViewIfNeeded()
  await expect(review.candidates).toHaveCount(110)
  await expect(more).toHaveCount(0)
  await review.candidates.last().scrollIntoViewIfNeeded()
  await snap(page, 'list-pages-review-end')

  // The last candidate decided: the reload brings back every other one, not just the first page.
  const last = review.candidates.last()
  const text = (await last.getByTestId('candidate-text').textContent()) ?? ''
  await last.getByTestId('candidate-text').click()
  await expect(review.focused).toContainText(text)
  await review.focused.getByTestId('candidate-reject').click()
  await expect(page.getByText('109 waiting')).toBeVisible()
  await expect(review.candidates).toHaveCount(109)
  await expect(review.candidate(text)).toHaveCount(0)
})
