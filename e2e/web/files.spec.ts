import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { answeredChatRequests, systemText } from '../fixtures/modelRequests'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'
import { FilesPage } from '../pages/FilesPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test("first run, then edit an agent's SOUL.md in Monaco and save it to disk", async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await expect(app.firstRun).toBeVisible()
  await snap(page, 'first-run-1-agent')
  await page.getByTestId('agent-name-input').fill('Research')
  await page.getByTestId('agent-create-submit').click()
  await expect(page.getByTestId('profile-input')).toBeEnabled()
  // The seeded hint is not left in the box for the user to delete; typing goes under the heading.
  await expect(page.getByTestId('profile-input')).toHaveValue('# About me\n\n')
  await page.getByTestId('profile-input').press('Control+End')
  await page.getByTestId('profile-input').pressSequentially('I am Sam, I write about rivers.\n')
  await snap(page, 'first-run-2-profile')
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('first-run-finish')).toBeVisible()
  await snap(page, 'first-run-3-model')
  await page.getByTestId('first-run-finish').click()
  expect(readFileSync(join(hearth.home, 'USER.md'), 'utf8')).toBe(
    '# About me\n\nI am Sam, I write about rivers.\n'
  )

  const files = new FilesPage(page)
  await files.open('soul')
  const soulPath = join(hearth.home, 'agents', 'research', 'SOUL.md')
  await expect(files.path).toHaveText(soulPath)
  expect(await files.editorText()).toContain('You are Research')
  await snap(page, 'files-soul')

  await files.replaceText('# Research\n\nYou answer with sources.')
  await expect(files.state).toHaveText('Unsaved changes')
  await expect(files.tab('soul').getByTestId('file-tab-soul-dirty')).toBeVisible()
  await expect(files.tokens).toContainText(
    `≈ ${Math.ceil('# Research\n\nYou answer with sources.'.length / 4)} tokens`
  )
  await snap(page, 'files-soul-dirty')
  await files.saveWithShortcut()
  expect(readFileSync(soulPath, 'utf8')).toBe('# Research\n\nYou answer with sources.')

  await files.appendText('\nCite page numbers.')
  await files.saveWithButton()
  expect(readFileSync(soulPath, 'utf8')).toBe('# Research\n\nYou answer with sources.\nCite page numbers.')
})

test('MEMORY.md, USER.md and a project rules file picked with the folder browser', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Coder', '# About me\n\nI like short answers.\n')
  const files = new FilesPage(page)

  await files.open('memory')
  await expect(files.path).toHaveText(join(hearth.home, 'agents', 'coder', 'MEMORY.md'))
  await expect(page.getByTestId('injected-panel')).toBeVisible()
  await snap(page, 'files-memory')

  await files.open('user')
  expect(await files.editorText()).toContain('I like short answers.')

  const project = join(hearth.home, 'project')
  mkdirSync(project)
  writeFileSync(join(project, 'CLAUDE.md'), '# Project rules\n\nUse tabs.\n')
  await files.tab('rules').click()
  await expect(page.getByTestId('rules-empty')).toBeVisible()
  await snap(page, 'files-rules-empty')
  await page.getByTestId('project-pick').click()
  await page.getByTestId('folder-path-input').fill(project)
  await page.getByTestId('folder-path-go').click()
  await expect(page.getByTestId('folder-picker-current')).toHaveText(project)
  await snap(page, 'files-folder-picker')
  await page.getByTestId('folder-picker-choose').click()
  await expect(files.path).toHaveText(join(project, 'CLAUDE.md'))
  // Monaco paints the lines of a newly opened model over a few frames: wait for the text, do not sample it once.
  await expect.poll(() => files.editorText()).toContain('Use tabs.')
  await snap(page, 'files-rules')
})

test('a binary file is shown read-only with the reason', async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ada', 'Hi.\n')
  writeFileSync(
    join(hearth.home, 'agents', 'ada', 'MEMORY.md'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02])
  )
  const files = new FilesPage(page)
  await files.show()
  await files.tab('memory').click()
  await expect(page.getByTestId('file-read-error')).toContainText('binary')
  await expect(files.state).toHaveText('Read-only')
  await expect(page.getByTestId('file-unreadable')).toBeVisible()
  await expect(page.getByTestId('file-save')).toBeDisabled()
  await snap(page, 'files-read-error')
})

test('a SOUL.md saved while a chat is open applies to the next session, or to that chat after "Rebuild now" at its stated cost', async ({
  page,
  hearth
}) => {
  fake.reset()
  const soul = `# Keeper\n\n${'You keep the lighthouse log and answer plainly. '.repeat(60)}\n`
  const { app, chat } = await startConnected(page, hearth, fake.url, {
    name: 'Keeper',
    id: 'keeper',
    profile: '# About me\n\nI sail small boats.\n',
    soul
  })
  fake.script('Logged.', 'Still logged.', 'Aye.')
  await chat.send('Log the evening tide')
  await chat.waitForTurns(1)

  const files = new FilesPage(page)
  await files.open('soul')
  await expect(files.chatsBehind).toBeHidden()
  const edit = 'Sign every answer with a lighthouse emoji.'
  await files.appendText(`\n${edit}\n`)
  await files.saveWithButton()
  await expect(files.chatsBehind).toContainText('This change applies to the next session')
  await expect(files.chatsBehind).toContainText(
    'The open chat “Log the evening tide” keeps the prompt it started with.'
  )
  await expect(files.chatsBehind).toContainText(
    /about \d+ tokens at the cache-write price \(\$\d+\.\d\d per million tokens\) instead of the cache-read price \(\$0\.\d\d per million\)\. That is roughly \$0\.\d{4} extra\./
  )
  await snap(page, 'files-chats-behind-1280')
  await page.setViewportSize({ width: 900, height: 700 })
  await snap(page, 'files-chats-behind-900')
  await page.setViewportSize({ width: 1280, height: 800 })

  // Without a rebuild the open chat keeps sending the prompt it was frozen with.
  await app.goTo('chat')
  await chat.send('And the morning tide?')
  await chat.waitForTurns(2)
  expect(systemText(answeredChatRequests(fake).at(-1))).not.toContain(edit)

  await files.open('soul')
  await files.rebuildNow.click()
  await expect(
    files.page.getByRole('status').filter({ hasText: 'The open chat uses this change now' })
  ).toBeVisible()
  await expect(files.chatsBehind).toBeHidden()
  await snap(page, 'files-chats-rebuilt')
  await app.goTo('chat')
  await chat.send('Once more')
  await chat.waitForTurns(3)
  expect(systemText(answeredChatRequests(fake).at(-1))).toContain(edit)
})

test('at 900×700 the editor keeps its height and the prompt preview folds under it, warnings and tokens in view', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ada', '# About me\n\nI keep bees.\n')
  writeFileSync(
    join(hearth.home, 'agents', 'ada', 'SOUL.md'),
    `# Ada\n\n${'You tend the hives. '.repeat(300)}\n`
  )
  await page.setViewportSize({ width: 900, height: 700 })
  const files = new FilesPage(page)

  await files.open('memory')
  const preview = page.getByRole('complementary', { name: 'What reaches the prompt' })
  const unfold = preview.getByRole('button', { name: 'Show preview' })
  await expect(unfold).toHaveAttribute('aria-expanded', 'false')
  // A new agent's empty MEMORY.md is nothing to warn about.
  await expect(preview).not.toContainText('warning')
  await expect(preview.getByTestId('injected-tokens')).toBeVisible()
  await expect(preview.getByTestId('file-memory-budget')).toBeVisible()
  await expect(preview.getByTestId('injected-empty')).toBeHidden()
  await snap(page, 'files-memory-900')

  await files.open('soul')
  const editorBox = await files.editor.boundingBox()
  expect(editorBox?.height).toBeGreaterThan(300)
  await expect(page.getByTestId('file-save')).toBeInViewport()
  await expect(files.tokens).toBeInViewport()
  await expect(preview).toBeInViewport()
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')).toBe(false)
  await snap(page, 'files-soul-900')

  await unfold.click()
  await expect(preview.getByRole('button', { name: 'Hide preview' })).toHaveAttribute('aria-expanded', 'true')
  await expect(preview.getByTestId('injected-text')).toContainText('You tend the hives.')
  expect((await files.editor.boundingBox())?.height).toBeGreaterThan(150)
  await snap(page, 'files-soul-preview-900')

  // Wide again: the preview stands beside the editor, whole, with no fold button.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(preview.getByRole('button', { name: /preview/ })).toBeHidden()
  await expect(preview.getByTestId('injected-text')).toBeVisible()
  await files.open('memory')
  await expect(preview.getByTestId('injected-empty')).toHaveText(
    'Nothing yet: the file has no entries, so the prompt takes nothing from it.'
  )
  await snap(page, 'files-memory-1280')
})

test('a project folder without a rules file: Files says AGENTS.md will be created and that nothing reaches the prompt yet', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ada', 'Hi.\n')
  const project = join(hearth.home, 'garden')
  mkdirSync(project)
  const files = new FilesPage(page)
  await files.show()
  await files.tab('rules').click()
  await page.getByTestId('project-pick').click()
  await page.getByTestId('folder-path-input').fill(project)
  await page.getByTestId('folder-path-go').click()
  await page.getByTestId('folder-picker-choose').click()
  await expect(files.path).toHaveText(join(project, 'AGENTS.md'))
  await expect(files.state).toHaveText('New file — not created yet')
  const preview = page.getByRole('complementary', { name: 'What reaches the prompt' })
  await expect(preview).toContainText('Nothing yet: the file does not exist.')
  await snap(page, 'files-rules-missing')

  await files.replaceText('# Garden rules\n\nWater before noon.\n')
  await files.saveWithButton()
  expect(readFileSync(join(project, 'AGENTS.md'), 'utf8')).toBe('# Garden rules\n\nWater before noon.\n')
  await expect(preview.getByTestId('injected-text')).toContainText('Water before noon.')
})
