import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { REPO_ROOT } from '../fixtures/serveProcess'
import { HearthApp } from '../pages/HearthApp'

/** Another home on "another machine", driven through the CLI. */
function hearth(home: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'bin/hearth.js'), '--home', home, ...args], {
    encoding: 'utf8'
  })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

test('Settings → Sync shares the Nexus with another device through a git remote; its entries are named', async ({
  page,
  hearth: served
}) => {
  // Each sync runs git several times: give it room on a busy machine.
  test.setTimeout(120_000)
  const scratch = mkdtempSync(join(tmpdir(), 'hearth-e2e-sync-'))
  try {
    const remote = join(scratch, 'nexus.git')
    execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch', 'main', remote])
    const other = join(scratch, 'desktop-home')
    hearth(other, 'nexus', 'sync', '--device-name', 'Desktop')
    hearth(other, 'nexus', 'sync', '--remote', remote)
    hearth(
      other,
      'nexus',
      'post',
      '--agent',
      'lyra',
      '--type',
      'decision',
      '--summary',
      'Ship the importer on Friday',
      '--rationale',
      'Tests are green'
    )

    const app = new HearthApp(page)
    await app.open(served.url)
    await app.completeFirstRun('Ella', 'Hi.\n')
    await app.goTo('settings')
    const panel = page.getByRole('form', { name: 'Sync settings' })
    await expect(
      page.getByText('Nothing else leaves this device: no memories, no chats, no API key.')
    ).toBeVisible()
    await page.getByRole('form', { name: 'This device' }).getByLabel('This device is called').fill('Laptop')
    await page.getByRole('button', { name: 'Save name' }).click()
    await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled()

    await panel.getByLabel('Git remote').fill(remote)
    await panel.getByRole('button', { name: 'Sync now' }).click()
    const result = page.getByTestId('sync-last-result')
    await expect(result).toContainText('Last sync went through', { timeout: 30_000 })
    await expect(result).toContainText('Sent 0 entries, received 0 entries')
    await expect(page.getByRole('table', { name: 'Devices' })).toContainText('Laptop')

    // The other device shares its decision; the next sync here receives it.
    hearth(other, 'nexus', 'sync')
    await panel.getByRole('button', { name: 'Sync now' }).click()
    await expect(result).toContainText(/received 1 entry/, { timeout: 30_000 })
    const devices = page.getByRole('table', { name: 'Devices' })
    await expect(devices.getByRole('row')).toHaveCount(3)
    await expect(devices).toContainText('Chain verified')
    await page.getByTestId('settings-panel-sync').scrollIntoViewIfNeeded()
    await snap(page, 'settings-sync')

    await app.goTo('nexus')
    const decision = page
      .getByTestId('nexus-timeline')
      .getByTestId('nexus-entry')
      .filter({ hasText: 'Ship the importer on Friday' })
    await expect(decision).toContainText('on Desktop')
    await expect(decision.getByTitle(/^Written on Desktop \(/)).toBeVisible()
    await snap(page, 'nexus-synced-entry')

    // And this device's own entry reaches the other one.
    await page.goto(served.url)
    hearth(other, 'nexus', 'sync')
    expect(hearth(other, 'nexus', 'tail', '--json')).toContain('Ship the importer on Friday')
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
})
