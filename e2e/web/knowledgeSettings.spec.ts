import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeEmbeddings, type FakeEmbeddings } from '../../tests/fakeEmbeddings/server'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

let embeddings: FakeEmbeddings
test.beforeAll(async () => {
  embeddings = await startFakeEmbeddings({ dims: 64 })
})
test.afterAll(async () => embeddings.close())

const KEY = 'sk-embed-e2e-secret'

test('Settings → Knowledge: keywords only until an endpoint is set; Test, Save, a key bound to it, and embedding progress to the end', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep bees.\n')
  await withRpc(hearth, async (rpc) => {
    for (let i = 1; i <= 60; i++)
      await rpc.call('nexus.post', {
        agent: 'scribe',
        type: 'turn',
        summary: `Hive ${i} inspected: queen seen`
      })
  })
  await app.goTo('settings')
  const panel = page.getByTestId('settings-panel-knowledge')
  await panel.scrollIntoViewIfNeeded()
  // No endpoint: one line says search runs on keywords.
  await expect(panel.getByTestId('knowledge-mode')).toHaveText(/^Search runs on keywords only\./)
  await expect(panel.getByRole('progressbar')).toHaveCount(0)
  await snap(page, 'knowledge-settings-off')

  embeddings.requireKey(KEY)
  await panel.getByLabel('Embeddings base URL').fill(embeddings.url)
  await panel.getByLabel('Embedding model').fill('fake-embed')
  // A wrong key: Test says what the endpoint answered, nothing is saved.
  await panel.getByLabel('Embeddings API key').fill('sk-wrong')
  await panel.getByRole('button', { name: 'Test' }).click()
  await expect(panel.getByRole('alert')).toContainText('401')
  await panel.getByLabel('Embeddings API key').fill(KEY)
  await panel.getByRole('button', { name: 'Test' }).click()
  await expect(panel.getByTestId('knowledge-message')).toHaveText(
    /fake-embed answered in \d+ ms with 64-dimensional vectors\./
  )
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('knowledge-message')).toHaveText(
    'Saved. Embedding starts in the background.'
  )
  await expect(panel.getByLabel('Embeddings API key')).toHaveValue('')
  await expect(panel.getByLabel('Embeddings API key')).toHaveAttribute('placeholder', /A key is saved/)

  // Embedding runs in the background with progress, to every piece.
  await expect(panel.getByTestId('knowledge-mode')).toContainText('Words and meaning (fake-embed)')
  await expect(panel.getByTestId('knowledge-mode')).toContainText('all with vectors', { timeout: 30_000 })
  const bar = panel.getByRole('progressbar', { name: 'Pieces with vectors' })
  const max = Number(await bar.getAttribute('max'))
  expect(max).toBeGreaterThanOrEqual(60)
  await expect(bar).toHaveAttribute('value', String(max))
  expect(embeddings.stats.texts).toBeGreaterThanOrEqual(60)
  await snap(page, 'knowledge-settings-on')

  // The key is in the secret store, never in config.json; the endpoint is.
  const config = readFileSync(join(hearth.home, 'config.json'), 'utf8')
  expect(config).toContain(embeddings.url)
  expect(config).not.toContain(KEY)

  // The endpoint going down: the panel says so, and search goes on with keywords.
  embeddings.setMode('error500')
  await withRpc(hearth, async (rpc) => {
    await rpc.call('nexus.post', { agent: 'scribe', type: 'turn', summary: 'Hive 61 swarmed' })
    await expect
      .poll(async () => (await rpc.call('knowledge.status', {})).embeddings.state, { timeout: 20_000 })
      .toBe('failing')
  })
  await page.reload()
  await app.goTo('settings')
  await expect(panel.getByTestId('knowledge-failing')).toContainText(embeddings.url)
  await expect(panel.getByTestId('knowledge-mode')).toContainText('Words only for now')
  await panel.scrollIntoViewIfNeeded()
  await snap(page, 'knowledge-settings-failing')
  embeddings.setMode('ok')

  // Clearing both turns meaning search off again.
  await panel.getByLabel('Embeddings base URL').fill('')
  await panel.getByLabel('Embedding model').fill('')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByTestId('knowledge-message')).toHaveText('Meaning search is off.')
  await expect(panel.getByTestId('knowledge-mode')).toHaveText(/^Search runs on keywords only\./)
})
