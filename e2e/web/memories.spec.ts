import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import type { ServeProcess } from '../fixtures/serveProcess'
import { snap } from '../fixtures/screenshots'
import { approvedFromChat } from '../fixtures/retention'
import { connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { MemoriesPage } from '../pages/MemoriesPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** First run with agent Scribe, a model, and two approved facts from one chat message. */
async function startWithReleaseFacts(
  page: Page,
  hearth: ServeProcess
): Promise<{ app: HearthApp; source: { sessionId: string; messageId: number } }> {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI run the release train.\n')
  const source = await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    return approvedFromChat(
      fake,
      rpc,
      'Release planning: we ship on Tuesdays, and the staging cluster lives in Frankfurt.',
      ['Releases ship on Tuesdays', 'The staging cluster lives in Frankfurt']
    )
  })
  return { app, source }
}

test('Memories: see, search, edit, forget and restore facts, entries and memory files', async ({
  page,
  hearth
}) => {
  const { app, source } = await startWithReleaseFacts(page, hearth)
  await withRpc(hearth, async (rpc) => {
    await rpc.call('memory.apply', {
      agentId: 'scribe',
      target: 'memory',
      action: 'add',
      content: 'Release notes go to the wiki'
    })
  })
  const memoryFile = join(hearth.home, 'agents', 'scribe', 'memories', 'release-train.md')
  writeFileSync(
    memoryFile,
    '---\nname: "release-train"\ndescription: "How a release goes out"\ntype: "project_fact"\nsource: "a chat"\n---\n\nFreeze, tag, ship on Tuesday.\n'
  )

  writeFileSync(
    join(hearth.home, 'agents', 'scribe', 'memories', 'scan.md'),
    Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01])
  )
  const memories = new MemoriesPage(page)
  await memories.open()
  // A file Hearth cannot read is listed with the reason, and does not hide the others.
  await expect(memories.files.filter({ hasText: 'memories/scan.md' })).toContainText('Cannot be read:')
  await expect(
    memories.files.filter({ hasText: 'memories/scan.md' }).getByRole('button', { name: 'Open' })
  ).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'Memories' })).toBeVisible()
  await expect(memories.fact('Releases ship on Tuesdays')).toContainText(
    'message 1 of “Release planning: we ship on Tuesdays”'
  )
  await expect(memories.entries('memory')).toHaveText([/Release notes go to the wiki/])
  await expect(memories.files.filter({ hasText: 'release-train' })).toContainText(
    'memories/release-train.md How a release goes out'
  )
  await snap(page, 'memories-overview')

  await memories.search.fill('frankfurt')
  await expect(memories.facts.getByTestId('memory-fact')).toHaveCount(1)
  await expect(memories.entries('memory')).toHaveCount(0)
  await expect(page.getByTestId('memories-entries-memory')).toContainText('Nothing here matches your search.')
  await snap(page, 'memories-search')
  await memories.search.fill('')
  await expect(memories.facts.getByTestId('memory-fact')).toHaveCount(2)

  // Edit a fact in place.
  await memories.fact('Releases ship on Tuesdays').getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('textbox', { name: 'Fact text' }).fill('Releases ship on Tuesdays after the freeze')
  await snap(page, 'memories-editing-fact')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(memories.fact('Releases ship on Tuesdays after the freeze')).toBeVisible()

  // Forget: out of the list and out of recall, kept under Forgotten; Restore brings it back.
  await memories
    .fact('The staging cluster lives in Frankfurt')
    .getByRole('button', { name: 'Forget' })
    .click()
  await expect(memories.notice).toContainText('Forgotten: “The staging cluster lives in Frankfurt”')
  await expect(memories.fact('Frankfurt')).toHaveCount(0)
  await expect(memories.forgotten).toContainText(['The staging cluster lives in Frankfurt · fact'])
  const recalled = await withRpc(hearth, (rpc) =>
    rpc.call('memory.recall', { agentId: 'scribe', query: 'staging cluster Frankfurt' })
  )
  expect(recalled.items).toEqual([])
  await snap(page, 'memories-forgotten')
  await memories.forgotten.filter({ hasText: 'Frankfurt' }).getByRole('button', { name: 'Restore' }).click()
  await expect(memories.fact('The staging cluster lives in Frankfurt')).toBeVisible()
  await expect(page.getByTestId('memories-forgotten')).toHaveCount(0)

  // An entry of MEMORY.md: forgotten through the memory tool, restored by adding it back.
  const memoryPath = join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
  await memories
    .entries('memory')
    .filter({ hasText: 'Release notes go to the wiki' })
    .getByRole('button', { name: 'Forget' })
    .click()
  await expect(memories.entries('memory')).toHaveCount(0)
  expect(readFileSync(memoryPath, 'utf8')).not.toContain('Release notes go to the wiki')
  await memories.notice.getByRole('button', { name: 'Restore' }).click()
  await expect(memories.entries('memory')).toHaveText([/Release notes go to the wiki/])
  expect(readFileSync(memoryPath, 'utf8')).toContain('Release notes go to the wiki')

  // A memory file: open, edit, save to disk; forget and restore.
  const releaseTrain = memories.files.filter({ hasText: 'release-train' })
  await releaseTrain.getByRole('button', { name: 'Open' }).click()
  const editor = page.getByRole('textbox', { name: 'Text of memories/release-train.md' })
  await editor.fill(`${await editor.inputValue()}Announce it in #releases.\n`)
  await page.getByRole('button', { name: 'Save file' }).click()
  await expect(page.getByTestId('memory-file-editor').getByRole('status')).toHaveText('Saved.')
  expect(readFileSync(memoryFile, 'utf8')).toContain('Announce it in #releases.')
  await snap(page, 'memories-file-editor')
  await releaseTrain.getByRole('button', { name: 'Forget' }).click()
  await expect(memories.files).toHaveCount(1)
  await expect(memories.forgotten).toContainText(['memories/release-train.md · memory file'])
  await memories.forgotten.getByRole('button', { name: 'Restore' }).click()
  await expect(memories.files).toHaveCount(2)

  // The source of a fact opens that message in Chat.
  await memories
    .fact('Releases ship on Tuesdays after the freeze')
    .getByRole('button', { name: /message 1 of/ })
    .click()
  await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
  await expect(page.locator(`[data-message-id="${source.messageId}"]`)).toHaveAttribute(
    'data-focused',
    'true'
  )
  await snap(page, 'memories-source-opens-chat')
})

test('Memories: pin a fact into MEMORY.md, see where it is pinned, undo; over budget it says so; pin into a file', async ({
  page,
  hearth
}) => {
  await startWithReleaseFacts(page, hearth)
  const memoryPath = join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
  const memories = new MemoriesPage(page)
  await memories.open()
  const tuesdays = memories.fact('Releases ship on Tuesdays')

  // Pin into MEMORY.md from the fact's Pin… menu: the entry is in the file and in the MEMORY.md section.
  await memories.pin('Releases ship on Tuesdays', "MEMORY.md — the agent's notes")
  await expect(memories.pinnedNotice).toContainText(
    'Pinned into MEMORY.md. New sessions see it in their prompt.'
  )
  await expect(tuesdays.getByTestId('memory-fact-pin')).toHaveText(/Pinned in MEMORY\.md/)
  await expect(memories.entries('memory')).toHaveText([/Releases ship on Tuesdays/])
  expect(readFileSync(memoryPath, 'utf8')).toBe('Releases ship on Tuesdays')
  await snap(page, 'memories-pinned')

  // Pinned there already: the menu shows it and does not offer it again.
  await tuesdays.getByRole('button', { name: 'Pin', exact: true }).click()
  await expect(page.getByRole('menuitem', { name: 'MEMORY.md — already pinned there' })).toHaveAttribute(
    'aria-disabled',
    'true'
  )
  await snap(page, 'memories-pin-menu')
  await page.keyboard.press('Escape')
  await expect(tuesdays.getByRole('button', { name: 'Pin', exact: true })).toBeFocused()

  // Undo takes the entry back out; the fact stays.
  await memories.pinnedNotice.getByRole('button', { name: 'Undo' }).click()
  await expect(memories.pinnedNotice).toBeHidden()
  await expect(memories.entries('memory')).toHaveCount(0)
  await expect(tuesdays.getByTestId('memory-fact-pin')).toHaveCount(0)
  expect(readFileSync(memoryPath, 'utf8')).toBe('')

  // USER.md over its budget: the row says so, plainly, and nothing is written.
  await withRpc(hearth, (rpc) => rpc.call('settings.update', { memory: { userCharLimit: 30 } }))
  await memories.pin('Releases ship on Tuesdays', 'USER.md — your profile, shared by all agents')
  await expect(tuesdays.getByRole('alert')).toContainText(
    /USER\.md has no room for this pin: it is at [\d,]+\/30 chars, and the pin needs 2\d more\./
  )
  await expect(tuesdays.getByTestId('memory-fact-pin')).toHaveCount(0)
  await snap(page, 'memories-pin-over-budget')

  // A memory file of its own, with its index line in MEMORY.md; Unpin on the fact takes both away.
  const frankfurt = memories.fact('The staging cluster lives in Frankfurt')
  await memories.pin('The staging cluster lives in Frankfurt', 'A memory file of its own')
  const place = 'memories/the-staging-cluster-lives-in-frankfurt.md'
  await expect(frankfurt.getByTestId('memory-fact-pin')).toHaveText(new RegExp(`Pinned in ${place}`))
  await expect(memories.files.filter({ hasText: place })).toBeVisible()
  await expect(memories.entries('memory')).toHaveText([
    new RegExp(`^${place}: The staging cluster lives in Frankfurt`)
  ])
  await snap(page, 'memories-pinned-file')
  await frankfurt.getByRole('button', { name: `Unpin from ${place}` }).click()
  await expect(memories.files.filter({ hasText: place })).toHaveCount(0)
  await expect(memories.entries('memory')).toHaveCount(0)
  await expect(frankfurt).toBeVisible()
})
