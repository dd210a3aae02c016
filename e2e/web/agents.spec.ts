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
  await expect(page.getByTestId('agent-create-dialog').getByRole('alert')).toHaveText(
    'An agent needs a name.'
  )
  await page.getByTestId('agent-name-input').fill(' research')
  await expect(page.getByTestId('agent-create-dialog').getByRole('alert')).toHaveText(
    'An agent named "Research" already exists. Pick another name.'
  )
  await snap(page, 'agents-create-duplicate-name')
  await page.getByTestId('agent-create-submit').click()
  await expect(page.getByTestId('agent-create-dialog')).toBeVisible()
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

  // Rename and Delete sit in the selected agent's own row, and name it.
  const researchRow = app.agentRow('research')
  await expect(researchRow.getByRole('button', { name: 'Rename Research' })).toBeVisible()
  await expect(app.agentRow('coder').getByRole('button', { name: /Rename|Delete/ })).toHaveCount(0)
  await snap(page, 'agents-actions-beside-selected')
  await researchRow.getByRole('button', { name: 'Rename Research' }).click()
  await page.getByTestId('agent-rename-input').fill('CODER')
  await expect(page.getByTestId('agent-rename-dialog').getByRole('alert')).toHaveText(
    'An agent named "Coder" already exists. Pick another name.'
  )
  await snap(page, 'agents-rename-dialog')
  await page.getByTestId('agent-rename-input').fill('Researcher')
  await page.getByTestId('agent-rename-submit').click()
  await expect(app.agent('research')).toContainText('Researcher')

  await app.goTo('chat')
  await expect(page.getByTestId('chat-section').getByText('with Researcher', { exact: true })).toBeVisible()
  await app.agent('coder').click()
  await app.agentRow('coder').getByRole('button', { name: 'Delete Coder' }).click()
  await expect(page.getByTestId('agent-delete-dialog')).toContainText('.trash/')
  await snap(page, 'agents-delete-dialog')
  await page.getByTestId('agent-delete-confirm').click()
  await expect(app.agent('coder')).toBeHidden()
  await expect(app.agent('research')).toHaveAttribute('aria-current', 'true')
  expect(existsSync(join(hearth.home, 'agents', 'coder'))).toBe(false)
  expect(readdirSync(join(hearth.home, '.trash')).some((name) => name.startsWith('agent-coder-'))).toBe(true)
  await snap(page, 'agents-after-delete')
})
