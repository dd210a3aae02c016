import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { MemoriesPage } from '../pages/MemoriesPage'
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
  // Only the rows near the view are drawn, however long the inbox.
  await expect(review.candidates.first()).toBeVisible()
  expect(await review.candidates.count()).toBeLessThan(100)
  const more = page.getByRole('status').filter({ hasText: 'loading more as you scroll' })
  await expect(more).toHaveText('Showing 100 candidates; loading more as you scroll…')
  await snap(page, 'list-pages-review-first')

  const list = page.getByTestId('review-list')
  // Scrolled to the end of the first page, the next one loads and the view stays where the user
  // took it: a page arriving never pulls it back to the first candidate.
  const scrolled = await list.evaluate((element) => {
    element.scrollBy(0, 100_000)
    return element.scrollTop
  })
  expect(scrolled).toBeGreaterThan(1000)
  await expect(more).toHaveCount(0)
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))') // the frame after it arrived
  expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(scrolled / 2)
  await expect(review.candidates.first()).not.toBeInViewport()
  await expect(async () => {
    await list.evaluate((element) => element.scrollBy(0, 4000))
    await expect(more).toHaveCount(0, { timeout: 500 })
  }).toPass({ timeout: 30_000 })
  await list.evaluate((element) => element.scrollBy(0, 100_000))
  await expect(review.candidates.last()).toBeVisible()
  await snap(page, 'list-pages-review-end')

  // The last candidate decided: the reload brings back every other one, not just the first page.
  const last = review.candidates.last()
  const text = (await last.getByTestId('candidate-text').textContent()) ?? ''
  await last.getByTestId('candidate-text').click()
  await expect(review.focused).toContainText(text)
  await review.focused.getByTestId('candidate-reject').click()
  await expect(page.getByText('109 waiting')).toBeVisible()
  await expect(review.candidate(text)).toHaveCount(0)
  await expect(more).toHaveCount(0)
})

test('Memories lists every approved fact a page at a time: the heading counts them all, the rows near the view are drawn, and scrolling reaches the last', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  const memories = new MemoriesPage(page)
  await memories.open()
  const heading = memories.facts.getByRole('heading', { name: /^Facts \(/ })
  const total = Number(/\(([\d,]+)\)/.exec((await heading.textContent()) ?? '')?.[1]?.replace(/,/g, ''))
  expect(total).toBeGreaterThan(100)
  const rows = memories.facts.getByTestId('memory-fact')
  // Only the rows near the view are in the page, however many facts there are.
  expect(await rows.count()).toBeLessThan(60)
  const more = memories.facts.getByRole('status')
  await expect(more).toHaveText(
    `Showing 100 of ${total.toLocaleString('en-US')} facts; loading more as you scroll…`
  )
  await snap(page, 'list-pages-memories-first')
  // The panels under the facts are out of view: the browser skips drawing them while the list scrolls.
  const files = page.getByTestId('memories-files')
  const drawn = (): Promise<boolean> =>
    files.evaluate(
      (panel) => panel.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false
    )
  expect(await drawn()).toBe(false)

  const section = page.getByTestId('memories-section')
  await expect(async () => {
    await section.evaluate((element) => element.scrollBy(0, 4000))
    await expect(more).toHaveCount(0, { timeout: 500 })
  }).toPass({ timeout: 30_000 })
  await memories.facts.getByRole('list', { name: 'Facts' }).evaluate((list) => list.scrollIntoView(false))
  await expect(rows.last()).toBeVisible()
  expect(await rows.count()).toBeLessThan(60)
  await snap(page, 'list-pages-memories-end')
  await files.scrollIntoViewIfNeeded()
  await expect(files.getByRole('heading', { name: /^Memory files \(/ })).toBeVisible()
  expect(await drawn()).toBe(true)
})

test('the Inspector of the longest chat shows tabs for the first, the last and the chosen turn, and goes to any turn by number', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  // The longest chat is the first agent's oldest: the last in its chat list.
  const listToggle = page.getByRole('button', { name: 'Chats', exact: true })
  if (await listToggle.isVisible()) await listToggle.click()
  await page.getByTestId('chat-session-item').last().click()
  await app.goTo('inspector')
  const tabs = page.getByRole('tablist', { name: 'Turns' }).getByRole('tab')
  const count = page.getByText(/^[\d,]+ turns$/)
  await expect(count).toBeVisible()
  const turns = Number(((await count.textContent()) ?? '').replace(/\D/g, ''))
  expect(turns).toBeGreaterThan(15)
  await expect(tabs.first()).toHaveText('Turn 1')
  await expect(tabs.last()).toHaveText(`Turn ${turns}`)
  expect(await tabs.count()).toBeLessThanOrEqual(11)
  await page.getByLabel('Go to turn').fill('8')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page.getByRole('tab', { name: 'Turn 8', exact: true })).toHaveAttribute(
    'aria-selected',
    'true'
  )
  await expect(page.getByRole('tab', { name: 'Turn 4', exact: true })).toBeVisible()
  await expect(page.getByTestId('inspector-call').first()).toBeVisible()
  await snap(page, 'inspector-long-chat-turns')
})
