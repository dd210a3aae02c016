import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { present } from '../../src/core/testing/callCore'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { writeHermesStateDb } from '../../tests/helpers/hermesStateDb'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected, withRpc } from '../pages/ChatPage'
import type { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

const RETENTION_TOOL = 'record_memory_candidates'
const FIXTURES = join(__dirname, '..', '..', 'tests', 'fixtures', 'imports')

let fake: FakeAnthropic
let scratch: string
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
  scratch = mkdtempSync(join(tmpdir(), 'hearth-e2e-import-'))
})
test.afterAll(async () => {
  await fake.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** A user past the first run, with Scribe and the model connected (the fake server). */
async function startWithScribe(
  page: Parameters<typeof startConnected>[0],
  hearth: Parameters<typeof startConnected>[1]
): Promise<HearthApp> {
  fake.reset()
  const { app } = await startConnected(page, hearth, fake.url, {
    name: 'Scribe',
    id: 'scribe',
    profile: 'I keep notes.\n',
    soul: '# Scribe\n\nCareful and plain.\n'
  })
  return app
}

function hermesHome(): string {
  const home = join(scratch, 'hermes')
  cpSync(join(FIXTURES, 'hermes'), home, { recursive: true })
  writeHermesStateDb(join(home, 'state.db'))
  return home
}

test('Import previews a Hermes home, imports it with progress, opens Review filtered to it, and learns from chosen chats on request', async ({
  page,
  hearth
}) => {
  const app = await startWithScribe(page, hearth)
  const path = hermesHome()
  await app.goTo('import')
  await page.getByRole('radio', { name: /Hermes/ }).check()
  await page.getByText('What maps where from Hermes').click()
  const map = page.getByRole('table', { name: 'What maps where from Hermes' })
  await expect(map.getByRole('row', { name: /state\.db sessions and messages/ })).toContainText(
    'imported chats'
  )
  await expect(page.getByRole('table', { name: 'Left out from Hermes, and why' })).toContainText(
    'system messages'
  )
  await snap(page, 'import-map')
  await page.getByLabel(/Hermes home folder/).fill(path)
  await page.getByRole('button', { name: 'Preview' }).click()

  const preview = page.getByTestId('import-preview')
  await expect(preview).toBeVisible()
  await expect(preview.getByTestId('import-count-candidate')).toContainText('Memories (to review)')
  await expect(preview.getByTestId('import-count-session').getByRole('cell').first()).toHaveText('2')
  await expect(preview.getByTestId('import-skipped')).toContainText('left out, and why')
  await preview.getByTestId('import-skipped').locator('summary').click()
  await snap(page, 'import-preview')
  const found = await preview.getByTestId('import-count-candidate').getByRole('cell').first().textContent()

  await preview.getByRole('button', { name: 'Import into a new agent' }).click()
  const review = new ReviewPage(page)
  await expect(page.getByTestId('review-section')).toBeVisible()
  const filter = page.getByTestId('review-import-filter')
  await expect(filter).toContainText(
    new RegExp(`Showing ${found} candidates from the Hermes import of .+ \\(${path}\\)`)
  )
  await expect(review.candidates).toHaveCount(Number(found))
  await review.candidate('Prefers metric units and short answers.').click()
  await expect(review.candidate('Prefers metric units and short answers.')).toContainText(
    'Imported from hermes: memories/USER.md, line 3'
  )
  await snap(page, 'import-review-filtered')

  await filter.getByRole('button', { name: 'Back to the import' }).click()
  const done = page.getByTestId('import-done')
  await expect(done).toContainText('Imported into')
  const retention = done.getByTestId('import-retention')
  const chats = await withRpc(
    hearth,
    async (rpc) => (await rpc.call('sessions.list', { agentId: 'hermes' })).items
  )
  const chosen = present(
    chats.find((c) => c.importedFrom === 'hermes'),
    'a chat imported from Hermes'
  )
  const shown = await withRpc(hearth, (rpc) => rpc.call('sessions.get', { id: chosen.id }))
  const userMessage = present(
    shown.messages.find((m) => m.role === 'user'),
    'a user message'
  )
  fake.script({
    toolUses: [
      {
        name: RETENTION_TOOL,
        input: {
          candidates: [
            {
              text: 'Mira tracks octopus sightings in a weekly log',
              type: 'user_fact',
              speaker: 'user',
              entities: ['octopus'],
              quote: '',
              message_id: String(userMessage.id)
            }
          ]
        }
      }
    ]
  })
  await retention.getByRole('checkbox', { name: new RegExp(chosen.title) }).check()
  await retention.getByRole('button', { name: 'Propose memories from 1 chosen chat' }).click()
  await expect(retention.getByTestId('import-retention-done')).toContainText('1 candidate from 1 chat')
  await snap(page, 'import-done-retention')

  await retention.getByRole('button', { name: 'Open Review' }).click()
  await expect(page.getByTestId('review-import-filter')).toBeHidden()
  const learned = review.candidate('Mira tracks octopus sightings')
  await expect(learned).toBeVisible()
  // What retention proposed from an imported chat carries the import's chip, like the import's own memories.
  const chip = learned.getByRole('button', { name: /^Show only the candidates from the Hermes import of / })
  await expect(chip).toHaveText(/^Hermes import · /)
  await snap(page, 'import-review-chip')
  await chip.click()
  await expect(filter).toContainText(`Showing ${Number(found) + 1} candidates from the Hermes import of`)
  await expect(review.candidates).toHaveCount(Number(found) + 1)
  await filter.getByRole('button', { name: `Select all ${Number(found) + 1}` }).click()
  await expect(page.getByTestId('review-batch')).toContainText(`${Number(found) + 1} selected`)
  await snap(page, 'import-review-select-all')
  await page
    .getByTestId('review-batch')
    .getByRole('button', { name: /Reject all/ })
    .click()
  await expect(review.candidates).toHaveCount(0)
  const left = await withRpc(hearth, (rpc) => rpc.call('review.list', { status: 'pending' }))
  expect(left.candidates).toEqual([])
})

test('A wrong path is refused with what was wrong, and nothing is written', async ({ page, hearth }) => {
  const app = await startWithScribe(page, hearth)
  await app.goTo('import')
  await page.getByRole('radio', { name: /ChatGPT export/ }).check()
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled()
  await page.getByLabel(/conversations\.json/).fill(join(scratch, 'missing.zip'))
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('import-error')).toContainText('missing.zip')
  await snap(page, 'import-error')
  const runs = await withRpc(hearth, (rpc) => rpc.call('imports.list', {}))
  expect(runs.runs).toEqual([])
})

test('The agent menu exports the agent as one file without the API key', async ({ page, hearth }) => {
  const app = await startWithScribe(page, hearth)
  await app.agentRow('scribe').getByRole('button', { name: 'Export Scribe' }).click()
  const dialog = page.getByTestId('agent-export-dialog')
  await dialog.getByRole('checkbox', { name: 'Include its chats' }).check()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('scribe.hearth-agent.json')
  const text = readFileSync(await file.path(), 'utf8')
  expect(text).not.toContain('sk-e2e')
  expect(JSON.parse(text)).toMatchObject({ format: 'hearth.agent', agent: { id: 'scribe' }, sessions: [] })
  await expect(dialog.getByRole('status')).toContainText(
    'Downloaded scribe.hearth-agent.json: 1 memory entry, 0 memory files, 0 facts, 0 skills, 0 chats'
  )
  await snap(page, 'agent-export')
})
