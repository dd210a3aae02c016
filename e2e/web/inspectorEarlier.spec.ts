import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'

// A generated year at 5%: its longest chat's last call sent 200 messages, and the call before it
// sent a window two turns older, so every position of the diff changed.
test.use({ yearScale: 0.05 })

/** The number in a text such as "Messages (200)". */
async function countIn(locator: Locator, pattern: RegExp): Promise<number> {
  const match = pattern.exec((await locator.textContent()) ?? '')
  return Number(match?.[1]?.replace(/,/g, '') ?? Number.NaN)
}

test('the Inspector of a long chat says how many earlier messages and changes it does not show, and reads them on demand', async ({
  page,
  hearth
}) => {
  test.setTimeout(180_000)
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.goTo('inspector')
  // The year's longest chat is its first session, of the first agent (the one selected).
  await page.getByTestId('inspector-chat').selectOption('year-00001')
  const call = page.getByTestId('inspector-call').first()
  await expect(call).toBeVisible()

  const total = await countIn(call.getByRole('heading', { name: /^Messages \(/ }), /\(([\d,]+)\)/)
  expect(total).toBeGreaterThan(70)
  const messages = call.locator('.inspector-messages > li')
  const earlier = call.getByTestId('inspector-messages-earlier')
  await expect(messages).toHaveCount(20)
  await expect(earlier).toContainText(
    `The newest 20 messages of ${total}; ${total - 20} earlier messages are not shown.`
  )
  await call.getByRole('button', { name: 'Show 50 earlier', exact: true }).click()
  await expect(messages).toHaveCount(70)
  await expect(earlier).toContainText(
    `The newest 70 messages of ${total}; ${total - 70} earlier messages are not shown.`
  )
  await earlier.scrollIntoViewIfNeeded()
  await snap(page, 'inspector-earlier-messages')
  await call.getByRole('button', { name: `Show the whole request (${total - 70} messages more)` }).click()
  await expect(messages).toHaveCount(total)
  await expect(earlier).toHaveCount(0)
  await expect(call.locator('.inspector-messages')).toHaveAttribute('start', '1')

  const diff = call.getByTestId('inspector-diff-messages')
  const changes = await countIn(diff.locator('summary'), /([\d,]+) changed/)
  expect(changes).toBeGreaterThan(40)
  const rows = diff.getByTestId('inspector-diff-message')
  const earlierChanges = diff.getByTestId('inspector-diff-earlier')
  await expect(rows).toHaveCount(10)
  await expect(earlierChanges).toContainText(
    `The newest 10 changes of ${changes}; ${changes - 10} earlier changes`
  )
  await diff.getByRole('button', { name: 'Show 20 earlier changes' }).click()
  await expect(rows).toHaveCount(30)
  await expect(earlierChanges).toContainText(
    `The newest 30 changes of ${changes}; ${changes - 30} earlier changes`
  )
  await earlierChanges.scrollIntoViewIfNeeded()
  await snap(page, 'inspector-earlier-changes')
})
