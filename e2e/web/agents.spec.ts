import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { FilesPage } from '../pages/FilesPage'
import { HearthApp } from '../pages/HearthApp'

test('agents: create a second one, switch, rename, delete with confirmation', async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Research', 'Hi.\n')
  await page.getByTestId('agent-new').click()
  await expect(page.getByTestId('agent-create-dialog')).toBeVisible()
  await page.getByTestId('agent-create-submit').click()
  await expect(page.getByTestId('agent-create-dialog').getByRole('alert')).toHaveText('An agent needs a name.')
  await page.getByTestId('agent-name-input').fill('Coder')
  await snap(page, 'agents-create-dialog')
  await page.getByTestId('agent-create-submit').click()
  await expect(app.agent('coder')).toHaveAttribute('aria-current', 'true')
  expect(existsSync(join(hearth.home, 'agents', 'coder', 'SOUL.md'))).toBe(true)

  const files = new FilesPage(page)
  await files.open('soul')
  await expect(files.path).toHaveText(join(hearth.home, 'agents', 'coder', 'SOUL.md'))
  await app.agent('research').click()
  await expect(files.path).toHaveText(join(hearth.home, 'agents', 'research', 'SOUL.md'))

  await page.getByTestId('agent-rename').click()
  await snap(page, 'agents-rename-dialog')
  await page.getByTestId('agent-rename-input').fill('Researcher')
  await page.getByTestId('agent-rename-submit').click()
  await expect(app.agent('research')).toContainText('Researcher')

  await app.agent('coder').click()
  await page.getByTestId('agent-delete').click()
  await expect(page.getByTestId('agent-delete-dialog')).toContainText('.trash/')
  await snap(page, 'agents-delete-dialog')
  await page.getByTestId('agent-delete-confirm').click()
  await expect(app.agent('coder')).toBeHidden()
  await expect(app.agent('research')).toHaveAttribute('aria-current', 'true')
  expect(existsSync(join(hearth.home, 'agents', 'coder'))).toBe(false)
  expect(readdirSync(join(hearth.home, '.trash')).some((name) => name.startsWith('agent-coder-'))).toBe(true)
  await snap(page, 'agents-after-delete')
})
