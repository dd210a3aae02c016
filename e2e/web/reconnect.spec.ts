import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { FilesPage } from '../pages/FilesPage'
import { HearthApp } from '../pages/HearthApp'

test('when the host goes away the UI says so, keeps the draft, and recovers when it is back', async ({
  page,
  hearth,
  pageProblems
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Steady', 'Hi.\n')
  const files = new FilesPage(page)
  await files.open('soul')
  await files.replaceText('# Steady\n\nWritten while the host restarts.')

  await hearth.stop()
  await expect(page.getByTestId('connection-banner')).toContainText('Disconnected — reconnecting')
  await expect(files.state).toHaveText('Unsaved changes')
  await snap(page, 'disconnected')

  await hearth.restart()
  await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 20_000 })
  await files.saveWithButton()
  forgetHostOutage(pageProblems)
  expect(readFileSync(join(hearth.home, 'agents', 'steady', 'SOUL.md'), 'utf8')).toBe(
    '# Steady\n\nWritten while the host restarts.'
  )
})
