import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { SettingsPage } from '../pages/SettingsPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** An address on this computer where nothing listens (a gateway that is not running). */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

/** Runs the first two first-run steps and stops on "Connect a model". */
async function reachModelStep(page: Page, url: string): Promise<void> {
  const app = new HearthApp(page)
  await app.open(url)
  await page.getByTestId('agent-name-input').fill('Linker')
  await page.getByTestId('agent-create-submit').click()
  await page.getByTestId('profile-skip').click()
  await expect(page.getByRole('heading', { name: 'Connect a model' })).toBeVisible()
}

/** A first run that skips the model, then Settings: the page a returning user connects from. */
async function openSettingsAfterSkipping(page: Page, url: string): Promise<SettingsPage> {
  fake.reset()
  await reachModelStep(page, url)
  await page.getByTestId('first-run-finish').click()
  await new HearthApp(page).goTo('settings')
  return new SettingsPage(page)
}

test('first run: a gateway preset, its base URL, a key and Test connection that really calls the endpoint', async ({
  page,
  hearth
}) => {
  fake.reset()
  await reachModelStep(page, hearth.url)
  const settings = new SettingsPage(page)
  await settings.chooseProvider('Other Anthropic-compatible endpoint')
  await page.getByTestId('settings-base-url').fill(fake.url)
  await settings.chooseModel('claude-haiku-4-5')
  await expect(page.getByTestId('settings-model-details')).toContainText(
    '200,000-token context window. Per million tokens: $1 input, $5 output'
  )
  await page.getByTestId('settings-save').click()
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  await settings.saveApiKey('sk-first-run')

  const report = await settings.testConnection()
  await expect(report).toHaveAttribute('role', 'status')
  await expect(report).toContainText('Connected')
  await expect(page.getByTestId('connection-report-url')).toHaveText(`POST ${fake.url}/v1/messages`)
  await expect(page.getByTestId('connection-report-status')).toContainText('HTTP 200')
  await expect(page.getByTestId('connection-report-message')).toContainText('claude-haiku-4-5 answered in')
  await snap(page, 'first-run-connected')
  expect(fake.requests).toHaveLength(1)
  expect(fake.requests[0]?.body).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 1 })
  const headers = fake.requests[0]?.headers ?? {}
  expect(headers['x-api-key'] ?? headers['authorization']).toContain('sk-first-run')

  const config = JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8')) as Record<string, unknown>
  expect(config).toMatchObject({
    provider: 'anthropic-compatible',
    baseUrl: fake.url,
    model: 'claude-haiku-4-5'
  })
  await page.getByTestId('first-run-finish').click()
  await expect(page.getByTestId('first-run')).toBeHidden()
})

test('Settings: Test connection reports the status, error type and the endpoint’s own message', async ({
  page,
  hearth
}) => {
  const settings = await openSettingsAfterSkipping(page, hearth.url)
  await settings.saveModelSettings({ baseUrl: fake.url })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')

  // No key yet: nothing is sent, and the report says what to do.
  await settings.testConnection()
  await expect(page.getByTestId('connection-report-status')).toContainText('no answer')
  await expect(page.getByTestId('connection-report-advice')).toHaveText(
    'Enter an API key, then test again (the command line reads ANTHROPIC_API_KEY).'
  )
  expect(fake.requests).toHaveLength(0)

  await settings.saveApiKey('sk-revoked')
  fake.fault({ kind: 'http', status: 401, message: 'invalid x-api-key' })
  const refused = await settings.testConnection()
  await expect(refused).toHaveAttribute('role', 'alert')
  await expect(page.getByTestId('connection-report-status')).toContainText('HTTP 401 authentication_error')
  await expect(page.getByTestId('connection-report-message')).toHaveText('invalid x-api-key')
  await expect(page.getByTestId('connection-report-advice')).toContainText('refused the key')
  await snap(page, 'settings-connection-401')

  await settings.saveModelSettings({ model: 'claude-nowhere-9' })
  await expect(page.getByTestId('settings-model-details')).toContainText('Not in Hearth’s model table')
  fake.fault({ kind: 'http', status: 404, message: 'model: claude-nowhere-9' })
  await settings.testConnection()
  await expect(page.getByTestId('connection-report-status')).toContainText('HTTP 404 not_found_error')
  await expect(page.getByTestId('connection-report-message')).toHaveText('model: claude-nowhere-9')
  await expect(page.getByTestId('connection-report-advice')).toContainText('“claude-nowhere-9” exists there')
  await page.getByTestId('settings-panel-connection').scrollIntoViewIfNeeded()
  await snap(page, 'settings-connection-404')

  fake.fault({ kind: 'http', status: 529 })
  await settings.testConnection()
  await expect(page.getByTestId('connection-report-status')).toContainText('HTTP 529 overloaded_error')
  await expect(page.getByTestId('connection-report-advice')).toContainText('overloaded')
})

test('Settings: provider presets fill the base URL; a stopped gateway is reported as nothing answering', async ({
  page,
  hearth
}) => {
  const settings = await openSettingsAfterSkipping(page, hearth.url)
  await settings.chooseProvider('OpenRouter')
  await expect(page.getByTestId('settings-base-url')).toHaveValue('https://openrouter.ai/api')
  await expect(page.getByTestId('settings-panel-model')).toContainText(
    'models are named like anthropic/claude-sonnet-4.5'
  )
  await settings.chooseProvider('Ollama (this computer)')
  await expect(page.getByTestId('settings-base-url')).toHaveValue('http://127.0.0.1:11434')
  await settings.chooseProvider('Anthropic')
  await expect(page.getByTestId('settings-base-url')).toHaveValue('')
  await settings.chooseProvider('LiteLLM gateway')
  const stopped = await closedPortUrl()
  await page.getByTestId('settings-base-url').fill(stopped)
  await page.getByTestId('settings-save').click()
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  await snap(page, 'settings-model-presets')
  await settings.saveApiKey('sk-litellm')
  await settings.testConnection()
  await expect(page.getByTestId('connection-report-url')).toHaveText(`POST ${stopped}/v1/messages`)
  await expect(page.getByTestId('connection-report-message')).toContainText('ECONNREFUSED')
  await expect(page.getByTestId('connection-report-advice')).toContainText('gateway is running')
})
