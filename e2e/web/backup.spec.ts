import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures/hearth'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'

let scratch: string
test.beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'hearth-e2e-backup-'))
})
test.afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})

function backupPanel(page: Page): ReturnType<Page['getByTestId']> {
  return page.getByTestId('settings-panel-backup')
}

test('Settings backs up the home with progress, restores a backup after saying what it replaces, verifies it, and goes back', async ({
  page,
  hearth,
  pageProblems
}) => {
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Ada')
  await app.goTo('settings')
  const panel = backupPanel(page)
  const file = join(scratch, 'ada-only.zip')

  await panel.getByRole('textbox', { name: 'Save the backup as' }).fill(file)
  await panel.getByRole('button', { name: 'Back up now' }).click()
  const result = panel.getByTestId('backup-result')
  await expect(result).toContainText(`Backed up to ${file}`)
  await expect(result).toContainText(/sha256 [0-9a-f]{64}/)
  expect(existsSync(file)).toBe(true)
  await panel.scrollIntoViewIfNeeded()
  await snap(page, 'backup-created')

  // Another agent after the backup: what the restore will replace.
  await app.createAgent('Bo')
  await app.goTo('settings')
  await panel.getByRole('textbox', { name: 'Backup file' }).fill(file)
  await panel.getByRole('button', { name: 'Check this backup' }).click()
  const compare = panel.getByRole('table', { name: 'The backup against your home now' })
  await expect(compare.getByRole('row', { name: /Agents/ })).toHaveText(/Agents\s*1\s*2/)
  await compare.scrollIntoViewIfNeeded()
  await snap(page, 'backup-restore-check')

  await panel.getByRole('button', { name: 'Restore this backup…' }).click()
  const dialog = page.getByTestId('restore-confirm')
  await expect(dialog).toContainText('2 agents')
  await expect(dialog).toContainText('The way back')
  await snap(page, 'backup-restore-confirm')
  await dialog.getByRole('button', { name: 'Restore and verify' }).click()
  const verified = panel.getByTestId('restore-verified')
  await expect(verified).toContainText('Restored and verified.')
  await expect(verified).toContainText('Database integrity check: ok')
  await expect(verified).toContainText(/Files: \d+ checked against the backup’s sha256, all match/)
  await expect(verified.getByTestId('restore-next-step')).toContainText(
    'To switch, restart Hearth: stop hearth serve in its terminal (Ctrl+C), start it again with the same command, then reload this page.'
  )
  const pending = panel.getByTestId('restore-pending')
  await expect(pending).toContainText('Stop hearth serve (Ctrl+C) and start it again')
  await expect(app.agent('bo')).toBeVisible()
  await panel.scrollIntoViewIfNeeded()
  await snap(page, 'backup-restore-verified')

  // The next start switches to the restored home: Bo is gone, the way back is offered.
  await hearth.restart()
  await app.open(hearth.url)
  await expect(app.agent('ada')).toBeVisible()
  await expect(app.agent('bo')).toHaveCount(0)
  await app.goTo('settings')
  const last = panel.getByTestId('restore-last')
  await expect(last).toContainText(`This home came from ${file}`)
  await expect(last).toContainText('The home before it is kept at')
  await last.scrollIntoViewIfNeeded()
  await snap(page, 'backup-restored-way-back')

  await last.getByRole('button', { name: 'Go back to the home before' }).click()
  await expect(panel.getByTestId('restore-pending')).toContainText('Going back waits for the next start')
  await hearth.restart()
  await app.open(hearth.url)
  await expect(app.agent('bo')).toBeVisible()
  forgetHostOutage(pageProblems)
})

test('Settings says plainly when a file is not a backup, and a cancelled restore changes nothing', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Ada')
  await app.goTo('settings')
  const panel = backupPanel(page)
  await panel.getByRole('textbox', { name: 'Backup file' }).fill(join(scratch, 'missing.zip'))
  await panel.getByRole('button', { name: 'Check this backup' }).click()
  await expect(panel.getByRole('alert')).toContainText('missing.zip')
  await panel.scrollIntoViewIfNeeded()
  await snap(page, 'backup-restore-not-a-backup')

  const file = join(scratch, 'cancel.zip')
  await panel.getByRole('textbox', { name: 'Save the backup as' }).fill(file)
  await panel.getByRole('button', { name: 'Back up now' }).click()
  await expect(panel.getByTestId('backup-result')).toBeVisible()
  await panel.getByRole('textbox', { name: 'Backup file' }).fill(file)
  await panel.getByRole('button', { name: 'Check this backup' }).click()
  await panel.getByRole('button', { name: 'Restore this backup…' }).click()
  await page.getByTestId('restore-confirm').getByRole('button', { name: 'Restore and verify' }).click()
  await panel.getByTestId('restore-pending').getByRole('button', { name: 'Cancel the restore' }).click()
  await expect(panel.getByTestId('restore-pending')).toHaveCount(0)
})
