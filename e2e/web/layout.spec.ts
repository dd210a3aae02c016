import type { Page } from '@playwright/test'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import type { SectionName } from '../pages/HearthApp'
import { startConnected } from '../pages/ChatPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const AGENT = {
  name: 'Layout',
  id: 'layout',
  profile: 'I read on a small laptop.\n',
  soul: '# Layout\n\nYou answer briefly.\n'
}
const LONG_LINE = `const veryLongLine = "${'x'.repeat(400)}"`
const REPLY = `Here is the **code**:\n\n\`\`\`ts\n${LONG_LINE}\n\`\`\`\n\nAnd a long word: ${'y'.repeat(300)}`
const SECTIONS: readonly SectionName[] = [
  'chat',
  'prompt',
  'files',
  'memories',
  'review',
  'nexus',
  'inspector',
  'settings'
]

/** How far the page, or the open section, can be scrolled sideways (0 = not at all). */
async function sidewaysOverflow(page: Page): Promise<{ page: number; section: number }> {
  return page.locator('html').evaluate((root) => {
    const section = root.querySelector('.section')
    return {
      page: root.scrollWidth - root.clientWidth,
      section: section === null ? 0 : section.scrollWidth - section.clientWidth
    }
  })
}

for (const size of [
  { width: 800, height: 700 },
  { width: 900, height: 700 },
  { width: 1280, height: 800 }
]) {
  test(`no sideways scroll at ${size.width}×${size.height} on any section, in either theme`, async ({
    page,
    hearth
  }) => {
    fake.reset()
    await page.setViewportSize(size)
    const { app, chat } = await startConnected(page, hearth, fake.url, AGENT)
    fake.script(REPLY)
    await chat.send('Show me a long line')
    await chat.waitForTurns(1)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
      for (const section of SECTIONS) {
        await app.goTo(section)
        expect(await sidewaysOverflow(page), `${section} at ${size.width}px, ${scheme}`).toEqual({
          page: 0,
          section: 0
        })
      }
      await app.goTo('chat')
      await expect(chat.assistantMessages().first()).toBeVisible()
      await snap(page, `layout-chat-${size.width}-${scheme}`)
      if (size.width !== 900) {
        await app.goTo('settings')
        await snap(page, `layout-settings-${size.width}-${scheme}`)
      }
    }
  })
}

test('the theme follows the system until a choice is made; the choice is kept; ? lists the shortcuts', async ({
  page,
  hearth
}) => {
  fake.reset()
  await page.emulateMedia({ colorScheme: 'dark' })
  const { chat } = await startConnected(page, hearth, fake.url, AGENT)
  const html = page.locator('html')
  const theme = page.getByRole('radiogroup', { name: 'Theme' })
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await expect(theme.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveAttribute('data-theme', 'light')

  await theme.getByRole('radio', { name: 'Dark' }).click()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  const background = await page
    .locator('body')
    .evaluate((body) => body.ownerDocument.defaultView?.getComputedStyle(body).backgroundColor)
  expect(background).toBe('rgb(27, 24, 21)')
  await page.reload()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await expect(
    page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })
  ).toHaveAttribute('aria-checked', 'true')

  // Typing "?" in the composer is just text; outside a field it opens the list.
  await chat.composer.fill('why?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden()
  await chat.composer.blur()
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Stop the reply that is streaming')
  await snap(page, 'shortcuts-dark')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
