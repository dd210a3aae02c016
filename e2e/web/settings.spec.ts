import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseConfig } from '../../src/core/home/config'
import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures/hearth'
import { SCREENSHOT_DIR, snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { SettingsPage } from '../pages/SettingsPage'

const SECRET = 'sk-ant-e2e-secret-7f3a9c1d5b'

/** One settings panel on its own, so its fields and messages can be looked at closely. */
async function snapPanel(panel: Locator, name: string): Promise<void> {
  await panel.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' })
}

test('the API key is write-only: the page learns "configured", never the key', async ({ page, hearth }) => {
  const received: string[] = []
  const sent: string[] = []
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => received.push(String(frame.payload)))
    socket.on('framesent', (frame) => sent.push(String(frame.payload)))
  })
  page.on('response', async (response) => received.push(await response.text().catch(() => '')))

  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Keeper', 'Hi.\n')
  await app.goTo('settings')
  const settings = new SettingsPage(page)
  await expect(settings.keyStatus).toHaveText(/Not configured/)
  await settings.saveApiKey(SECRET)
  await expect(settings.keyStatus).toHaveText(/^Configured/)
  await snap(page, 'settings-key-configured')

  await page.reload()
  await app.goTo('settings')
  await expect(settings.keyStatus).toHaveText(/^Configured/)
  expect(
    sent.some((frame) => frame.includes(SECRET)),
    'control: the key was sent once, to the core'
  ).toBe(true)
  expect(received.filter((frame) => frame.includes(SECRET))).toEqual([])
  expect(await page.content()).not.toContain(SECRET)
  expect(await page.getByTestId('api-key-input').inputValue()).toBe('')
  expect(readFileSync(join(hearth.home, 'config.json'), 'utf8')).not.toContain(SECRET)
})

test('model, base URL and cache TTL are saved to config.json', async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Tuner', 'Hi.\n')
  await app.goTo('settings')
  const settings = new SettingsPage(page)
  await settings.saveModelSettings({ baseUrl: 'not a url' })
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a full URL' })).toBeVisible()
  await snap(page, 'settings-invalid-url')
  await settings.saveModelSettings({
    model: 'claude-test-model',
    baseUrl: 'http://127.0.0.1:9/',
    cacheTtl: '1h'
  })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  const config = JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8')) as Record<string, unknown>
  expect(config).toMatchObject({ model: 'claude-test-model', baseUrl: 'http://127.0.0.1:9/', cacheTtl: '1h' })
  await snap(page, 'settings')
})

test.describe('limits and retention', () => {
  const seeded = {
    model: 'claude-kept',
    custom: { kept: true },
    memory: { userCharLimit: 1500, futureKnob: 1 },
    nexus: { injectCap: 12 }
  }
  test.use({ seedFiles: { 'config.json': JSON.stringify(seeded, null, 2) } })

  test('are merged into config.json key by key; an invalid value is explained and nothing is written', async ({
    page,
    hearth
  }) => {
    const configPath = join(hearth.home, 'config.json')
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Keeper', 'Hi.\n')
    await app.goTo('settings')
    const settings = new SettingsPage(page)
    await expect(page.getByTestId('settings-panel-limits')).toContainText('usage header')
    await expect(page.getByTestId('settings-panel-retention')).toContainText('Review inbox')
    await expect(page.getByTestId('settings-user-limit')).toHaveValue('1500')
    await expect(page.getByTestId('settings-context-file-cap')).toHaveAttribute(
      'placeholder',
      'Scale with the model'
    )
    await expect(page.getByTestId('settings-provider')).toHaveValue('anthropic')
    await snapPanel(page.getByTestId('settings-panel-limits'), 'settings-limits')

    const before = readFileSync(configPath, 'utf8')
    await settings.saveLimits({ memoryCharLimit: '-5', recallK: '51' })
    await expect(
      page.getByTestId('settings-panel-limits').getByRole('alert').filter({ hasText: '1 or more' })
    ).toBeVisible()
    await expect(
      page.getByTestId('settings-panel-limits').getByRole('alert').filter({ hasText: '0 to 50' })
    ).toBeVisible()
    await expect(page.getByTestId('settings-limits-message')).toHaveText(
      'Nothing was saved: fix the marked fields first.'
    )
    await settings.saveIdleMinutes('-1')
    await expect(
      page
        .getByTestId('settings-panel-retention')
        .getByRole('alert')
        .filter({ hasText: 'minutes, 0 or more' })
    ).toBeVisible()
    await snapPanel(page.getByTestId('settings-panel-limits'), 'settings-limits-invalid')
    await snapPanel(page.getByTestId('settings-panel-retention'), 'settings-limits-retention-invalid')
    expect(readFileSync(configPath, 'utf8')).toBe(before)

    await settings.saveLimits({ memoryCharLimit: '6500', recallK: '8', contextFileCap: '30000' })
    await expect(page.getByTestId('settings-limits-message')).toHaveText('Saved to config.json.')
    await settings.saveIdleMinutes('0')
    await expect(page.getByTestId('settings-retention-message')).toHaveText('Saved to config.json.')
    await expect(page.getByTestId('settings-retention-summary')).toContainText(
      'when you end a session or quit'
    )
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>
    expect(config).toEqual({
      ...seeded,
      memory: { memoryCharLimit: 6500, userCharLimit: 1500, futureKnob: 1 },
      context_file_max_chars: 30000,
      recall: { k: 8 },
      retention: { idleMinutes: 0, minChars: 60 }
    })
    await snapPanel(page.getByTestId('settings-panel-limits'), 'settings-limits-saved')
    await page.getByTestId('settings-panel-retention').scrollIntoViewIfNeeded()
    await snap(page, 'settings-limits-page')

    await settings.saveLimits({ contextFileCap: '' })
    await expect(page.getByTestId('settings-limits-message')).toHaveText('Saved to config.json.')
    expect(JSON.parse(readFileSync(configPath, 'utf8'))).toMatchObject({
      context_file_max_chars: null,
      memory: { memoryCharLimit: 6500 }
    })
    await page.reload()
    await app.goTo('settings')
    await expect(page.getByTestId('settings-memory-limit')).toHaveValue('6500')
    await expect(page.getByTestId('settings-idle-minutes')).toHaveValue('0')
  })
})

test.describe('a malformed config.json', () => {
  const badConfig = '{ "cacheTtl": "2h", "model": "", "recall": { "k": 99 } }\n'
  test.use({ seedFiles: { 'config.json': badConfig } })

  test('is reported word for word with its path, and kept as it is', async ({ page, hearth }) => {
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Fixer', 'Hi.\n')
    await expect(app.nav('settings').locator('.badge')).toHaveText('3')
    await app.goTo('settings')
    const settings = new SettingsPage(page)
    await expect(settings.configErrors).toBeVisible()
    await expect(page.getByTestId('config-path')).toHaveText(join(hearth.home, 'config.json'))
    const expected = parseConfig(badConfig).errors
    expect(expected.length).toBe(3)
    await expect(page.getByTestId('config-error')).toHaveText([...expected])
    await expect(page.getByTestId('settings-save')).toBeDisabled()
    await expect(page.getByTestId('settings-limits-save')).toBeDisabled()
    await expect(page.getByTestId('settings-retention-save')).toBeDisabled()
    await snap(page, 'settings-config-errors')
    expect(readFileSync(join(hearth.home, 'config.json'), 'utf8')).toBe(badConfig)

    writeFileSync(join(hearth.home, 'config.json'), '{ "model": ')
    await app.goTo('files')
    await app.goTo('settings')
    await expect(page.getByTestId('config-error')).toHaveText(
      parseConfig('{ "model": ').errors[0] ?? 'missing'
    )
    await expect(page.getByTestId('config-error')).toContainText('not valid JSON')
  })
})

test('edits typed in Settings survive leaving the section until they are saved', async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Keeper')
  await app.goTo('settings')
  const baseUrl = page.getByTestId('settings-base-url')
  const recallK = page.getByTestId('settings-recall-k')
  await baseUrl.fill('http://127.0.0.1:11434')
  await recallK.fill('9')
  await app.goTo('chat')
  await app.goTo('settings')
  await expect(baseUrl).toHaveValue('http://127.0.0.1:11434')
  await expect(recallK).toHaveValue('9')
  await expect(page.getByTestId('settings-unsaved')).toHaveText('Unsaved changes')
  await expect(page.getByTestId('settings-limits-unsaved')).toHaveText('Unsaved changes')
  await recallK.scrollIntoViewIfNeeded()
  await snap(page, 'settings-unsaved-kept')
  // Nothing reached config.json until Save.
  const config = () => parseConfig(readFileSync(join(hearth.home, 'config.json'), 'utf8')).config
  expect(config().recall.k).toBe(5)

  await page.getByTestId('settings-limits-save').click()
  await expect(page.getByTestId('settings-limits-message')).toHaveText('Saved to config.json.')
  expect(config().recall.k).toBe(9)
  // Typing a value back to what is saved leaves nothing pending.
  await baseUrl.fill('')
  await expect(page.getByTestId('settings-unsaved')).toBeHidden()
  await app.goTo('chat')
  await app.goTo('settings')
  await expect(recallK).toHaveValue('9')
  await expect(baseUrl).toHaveValue('')
  await expect(page.getByTestId('settings-limits-unsaved')).toBeHidden()
})

test.describe('an endpoint set in the environment', () => {
  test.use({ hearthEnv: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/gateway' } })

  test('is what the empty Base URL field shows, with where it came from', async ({ page, hearth }) => {
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Gatekeeper', 'Hi.\n')
    await app.goTo('settings')
    const baseUrl = page.getByTestId('settings-base-url')
    await expect(baseUrl).toHaveValue('')
    await expect(baseUrl).toHaveAttribute('placeholder', 'http://127.0.0.1:9/gateway')
    await expect(
      page.getByText('Empty: requests go to http://127.0.0.1:9/gateway, set by ANTHROPIC_BASE_URL.')
    ).toBeVisible()
    await snapPanel(page.getByRole('form', { name: 'Model settings' }), 'settings-endpoint-from-environment')
  })
})
