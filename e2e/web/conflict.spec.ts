import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { FilesPage } from '../pages/FilesPage'
import { HearthApp } from '../pages/HearthApp'

test.describe('a file that changes on disk', () => {
  let soulPath = ''

  test.beforeEach(async ({ page, hearth }) => {
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Scout', 'Hello.\n')
    soulPath = join(hearth.home, 'agents', 'scout', 'SOUL.md')
    await new FilesPage(page).open('soul')
  })

  test('reloads silently when the editor has no unsaved edits', async ({ page }) => {
    const files = new FilesPage(page)
    writeFileSync(soulPath, '# Scout\n\nChanged by another program.\n')
    await expect.poll(() => files.editorText()).toContain('Changed by another program.')
    await expect(files.conflictBanner).toBeHidden()
    await expect(files.state).toHaveText('Saved')
  })

  test('dirty editor → conflict prompt; Reload takes the disk version', async ({ page }) => {
    const files = new FilesPage(page)
    await files.replaceText('# Scout\n\nMy unsaved words.')
    await expect(files.state).toHaveText('Unsaved changes')
    writeFileSync(soulPath, '# Scout\n\nTheir words on disk.\n')
    await expect(files.conflictBanner).toBeVisible()
    await expect(files.conflictBanner).toContainText('SOUL.md changed on disk while you were editing it.')
    expect(await files.editorText()).toContain('My unsaved words.')
    await snap(page, 'files-conflict')

    await page.getByTestId('conflict-diff').click()
    const diff = page.getByTestId('conflict-diff-view')
    await expect(diff.locator('.monaco-diff-editor')).toBeVisible()
    await expect(diff).toContainText('Their words on disk.')
    await expect(diff).toContainText('My unsaved words.')
    await snap(page, 'files-conflict-diff')

    await page.getByTestId('conflict-reload').click()
    await expect(files.conflictBanner).toBeHidden()
    await expect(files.state).toHaveText('Saved')
    await expect.poll(() => files.editorText()).toContain('Their words on disk.')
    expect(readFileSync(soulPath, 'utf8')).toBe('# Scout\n\nTheir words on disk.\n')
  })

  test('dirty editor → conflict prompt; Keep mine writes my version over theirs', async ({ page }) => {
    const files = new FilesPage(page)
    await files.replaceText('# Scout\n\nMine wins.')
    writeFileSync(soulPath, '# Scout\n\nTheirs.\n')
    await expect(files.conflictBanner).toBeVisible()
    await page.getByTestId('conflict-keep-mine').click()
    await expect(files.conflictBanner).toBeHidden()
    await expect(files.state).toHaveText('Saved')
    expect(readFileSync(soulPath, 'utf8')).toBe('# Scout\n\nMine wins.')
  })

  test('a plain save while the disk changed never overwrites: it opens the same prompt', async ({ page }) => {
    const files = new FilesPage(page)
    await files.replaceText('# Scout\n\nDraft.')
    writeFileSync(soulPath, '# Scout\n\nNewer on disk.\n')
    await expect(files.conflictBanner).toBeVisible()
    await page.getByTestId('file-save').click()
    await expect(files.conflictBanner).toBeVisible()
    expect(readFileSync(soulPath, 'utf8')).toBe('# Scout\n\nNewer on disk.\n')
  })
})
