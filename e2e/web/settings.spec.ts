import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseConfig } from '../../src/core/home/config'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { SettingsPage } from '../pages/SettingsPage'

const SECRET = 'sk-ant-e2e-secret-7f3a9c1d5b'

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
  expect(sent.some((frame) => frame.includes(SECRET)), 'control: the key was sent once, to the core').toBe(true)
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
  await settings.saveModelSettings({ model: 'claude-test-model', baseUrl: 'http://127.0.0.1:9/', cacheTtl: '1h' })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  const config = JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8')) as Record<string, unknown>
  expect(config).toMatchObject({ model: 'claude-test-model', baseUrl: 'http://127.0.0.1:9/', cacheTtl: '1h' })
  await snap(page, 'settings')
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
    await snap(page, 'settings-config-errors')
    expect(readFileSync(join(hearth.home, 'config.json'), 'utf8')).toBe(badConfig)

    writeFileSync(join(hearth.home, 'config.json'), '{ "model": ')
    await app.goTo('files')
    await app.goTo('settings')
    await expect(page.getByTestId('config-error')).toHaveText(parseConfig('{ "model": ').errors[0] ?? 'missing')
    await expect(page.getByTestId('config-error')).toContainText('not valid JSON')
  })
})
