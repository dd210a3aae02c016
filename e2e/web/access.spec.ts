import { expect, test } from '../fixtures/hearth'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'

test('after the first load the token is gone from the address bar and out of the page’s reach', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  expect(page.url()).toBe(`${hearth.origin}/`)
  const cookies = await page.context().cookies(hearth.origin)
  expect(cookies.find((cookie) => cookie.name === `hearth-token-${hearth.port}`)).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    value: hearth.token
  })
  expect(await page.evaluate<string>('document.cookie')).not.toContain(hearth.token)
  expect(await page.content()).not.toContain(hearth.token)
  await expect(app.firstRun).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await expect(app.firstRun).toBeVisible()
  expect(page.url()).toBe(`${hearth.origin}/`)
  await snap(page, 'access-token-out-of-address')
})

test('a tab whose token is no longer valid says so and sends the user to the printed address', async ({
  page,
  hearth,
  pageProblems
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Keeper', 'Hi.\n')
  await hearth.restart({ newToken: true })
  const banner = page.getByTestId('connection-banner')
  await expect(banner).toContainText('This tab’s access token is no longer valid', { timeout: 20_000 })
  await expect(banner).toContainText('Open the address hearth serve printed when it last started')
  await expect(banner).not.toContainText('reconnecting')
  await snap(page, 'access-token-expired')
  forgetHostOutage(pageProblems)

  await app.open(hearth.url)
  await expect(banner).toBeHidden()
  await expect(app.agent('keeper')).toBeVisible()
})

test('an address from an earlier run is explained, and its token taken out of the address bar', async ({
  page,
  hearth
}) => {
  await page.goto(`${hearth.origin}/?token=from-an-earlier-run`)
  await expect(page.getByTestId('connection-banner')).toContainText('no longer valid')
  await expect(page.getByTestId('loading')).toContainText('no longer valid')
  expect(page.url()).toBe(`${hearth.origin}/`)
  await snap(page, 'access-token-from-earlier-run')
})
