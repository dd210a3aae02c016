import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp, type SectionName } from '../pages/HearthApp'

const SECTIONS: readonly SectionName[] = [
  'chat',
  'prompt',
  'files',
  'skills',
  'memories',
  'review',
  'nexus',
  'inspector',
  'settings'
]

test('every screen loads, and no request leaves 127.0.0.1', async ({ page, hearth, foreignRequests }) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Guide', '# About me\n\nI test things.\n')
  for (const section of SECTIONS) {
    await app.goTo(section)
    await expect(page.getByTestId('section-crashed')).toBeHidden()
    if (section === 'files') await expect(page.locator('.monaco-editor')).toBeVisible()
    await snap(page, `section-${section}`)
  }
  // Monaco's workers and fonts came from our own server; nothing else was even attempted.
  expect(requested.some((url) => url.includes('/assets/') && url.includes('worker'))).toBe(true)
  expect(
    requested.every(
      (url) => url.startsWith(hearth.origin) || url.startsWith('data:') || url.startsWith('blob:')
    )
  ).toBe(true)
  expect(foreignRequests).toEqual([])
})

test('a page opened without its token says so instead of failing silently', async ({ page, hearth }) => {
  await page.goto(hearth.origin + '/')
  await expect(page.getByTestId('connection-banner')).toContainText('no access token')
  await snap(page, 'no-token')
})
