import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { SCREENSHOT_DIR, snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { SettingsPage } from '../pages/SettingsPage'

// The real store of `hearth serve`, on a machine without a Secret Service (a bus that is not there).
test.use({
  hearthEnv: {
    HEARTH_SECRET_STORE: 'keychain',
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/hearth-e2e-bus'
  }
})

test('the key goes only to the address it was entered for, and Settings says where and how it is kept', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Keeper', 'Hi.\n')
  await app.goTo('settings')
  const settings = new SettingsPage(page)
  const keyPanel = page.getByTestId('settings-panel-api-key')
  await expect(page.getByTestId('api-key-origin')).toHaveText(
    'The key is sent only to https://api.anthropic.com (the base URL above), and to no other address.'
  )
  // Plain words; what the system said (a D-Bus error) only on request.
  const storageNote = page.getByTestId('api-key-storage-note')
  await expect(storageNote).toContainText(
    'Hearth found no OS keychain to keep the key in, so a key entered here is kept in memory only and is forgotten when Hearth stops.'
  )
  const systemSaid = storageNote.getByText('What the system said')
  await expect(systemSaid).toBeVisible()
  await expect(storageNote).not.toContainText(/dbus/i, { useInnerText: true })
  await systemSaid.click()
  await expect(storageNote).toContainText(/dbus/i, { useInnerText: true })
  await systemSaid.click()
  await expect(storageNote).not.toContainText(/dbus/i, { useInnerText: true })

  await settings.saveApiKey('sk-ant-e2e-origin-1')
  await expect(settings.keyStatus).toHaveText(
    "Configured · held in this process's memory only (forgotten when Hearth stops)"
  )
  await expect(page.getByTestId('api-key-origin')).toHaveText(
    'The key is sent only to https://api.anthropic.com, the address it was entered for.'
  )
  await keyPanel.screenshot({
    path: join(SCREENSHOT_DIR, 'api-key-memory-only.png'),
    animations: 'disabled',
    caret: 'hide'
  })

  await settings.saveModelSettings({ baseUrl: 'http://any-host' })
  await expect(page.getByTestId('settings-panel-model').getByRole('alert')).toContainText(
    'Plain http is only allowed to this computer'
  )
  await snap(page, 'api-key-plain-http-refused')

  await settings.saveModelSettings({ baseUrl: 'http://127.0.0.1:9/' })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  await expect(settings.keyStatus).toHaveText(/Not configured/)
  await expect(page.getByTestId('api-key-notice')).toContainText(
    'The saved API key was entered for https://api.anthropic.com, but requests now go to http://127.0.0.1:9'
  )
  await expect(page.getByTestId('api-key-input')).toHaveAttribute(
    'placeholder',
    'Enter the key for http://127.0.0.1:9'
  )
  await keyPanel.scrollIntoViewIfNeeded()
  await snap(page, 'api-key-moved-origin')

  await settings.saveApiKey('sk-local-e2e')
  await expect(settings.keyStatus).toHaveText(/^Configured/)
  await expect(page.getByTestId('api-key-notice')).toBeHidden()
  await expect(page.getByTestId('api-key-origin')).toContainText(
    'http://127.0.0.1:9, the address it was entered for'
  )
  await expect(page.getByTestId('api-key-other-origins')).toHaveText(
    'Also saved: a key for https://api.anthropic.com, sent only there and used again when the base URL points there.'
  )

  // Back to Anthropic: the key entered for it is still there, and the local one waits in turn.
  await settings.saveModelSettings({ baseUrl: '' })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  await expect(settings.keyStatus).toHaveText(/^Configured/)
  await expect(page.getByTestId('api-key-notice')).toBeHidden()
  await expect(page.getByTestId('api-key-origin')).toHaveText(
    'The key is sent only to https://api.anthropic.com, the address it was entered for.'
  )
  await expect(page.getByTestId('api-key-other-origins')).toContainText('a key for http://127.0.0.1:9')
  await keyPanel.scrollIntoViewIfNeeded()
  await snap(page, 'api-key-per-origin')
})

test.describe('with ANTHROPIC_API_KEY set', () => {
  test.use({
    hearthEnv: {
      HEARTH_SECRET_STORE: 'keychain',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/hearth-e2e-bus',
      ANTHROPIC_API_KEY: 'sk-ant-from-the-environment'
    }
  })

  test('the key in use comes from the environment, so no notice about memory is shown', async ({
    page,
    hearth
  }) => {
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Keeper', 'Hi.\n')
    await app.goTo('settings')
    const settings = new SettingsPage(page)
    await expect(settings.keyStatus).toHaveText('Configured · from ANTHROPIC_API_KEY')
    await expect(page.getByTestId('api-key-origin')).toHaveText(
      'The key is sent only to https://api.anthropic.com (the base URL above), and to no other address.'
    )
    await expect(page.getByTestId('api-key-storage-note')).toBeHidden()
    await page.getByTestId('settings-panel-api-key').scrollIntoViewIfNeeded()
    await snap(page, 'api-key-from-environment')
  })
})
