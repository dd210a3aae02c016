import { expect, type Locator, type Page } from '@playwright/test'

/** The Settings section: model settings, the write-only API key, config.json problems. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  get keyStatus(): Locator {
    return this.page.getByTestId('api-key-status')
  }

  get configErrors(): Locator {
    return this.page.getByTestId('config-errors')
  }

  async saveApiKey(key: string): Promise<void> {
    await this.page.getByTestId('api-key-input').fill(key)
    await this.page.getByTestId('api-key-save').click()
    await expect(this.page.getByTestId('api-key-message')).toHaveText('Key saved.')
    await expect(this.page.getByTestId('api-key-input')).toHaveValue('')
  }

  /** Fills the Limits panel fields given (text as typed) and presses its Save. */
  async saveLimits(values: { readonly memoryCharLimit?: string; readonly userCharLimit?: string; readonly contextFileCap?: string; readonly recallK?: string }): Promise<void> {
    if (values.memoryCharLimit !== undefined) await this.page.getByTestId('settings-memory-limit').fill(values.memoryCharLimit)
    if (values.userCharLimit !== undefined) await this.page.getByTestId('settings-user-limit').fill(values.userCharLimit)
    if (values.contextFileCap !== undefined) await this.page.getByTestId('settings-context-file-cap').fill(values.contextFileCap)
    if (values.recallK !== undefined) await this.page.getByTestId('settings-recall-k').fill(values.recallK)
    await this.page.getByTestId('settings-limits-save').click()
  }

  /** Picks how the agent's memory-tool writes are made ("Save with a receipt" / "Ask me first") and saves it. */
  async saveMemoryWrites(choice: 'Save with a receipt' | 'Ask me first'): Promise<void> {
    const panel = this.page.getByRole('form', { name: 'Memory writes' })
    await panel.getByRole('group', { name: 'Memory writes by the agent' }).getByRole('radio', { name: choice }).check()
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(panel.getByRole('status')).toHaveText('Saved to config.json.')
  }

  /** Fills the Retention panel's idle minutes and presses its Save. */
  async saveIdleMinutes(minutes: string): Promise<void> {
    await this.page.getByTestId('settings-idle-minutes').fill(minutes)
    await this.page.getByTestId('settings-retention-save').click()
  }

  async saveModelSettings(values: { readonly model?: string; readonly baseUrl?: string; readonly cacheTtl?: '5m' | '1h' }): Promise<void> {
    if (values.model !== undefined) await this.page.getByTestId('settings-model').fill(values.model)
    if (values.baseUrl !== undefined) await this.page.getByTestId('settings-base-url').fill(values.baseUrl)
    if (values.cacheTtl !== undefined) await this.page.getByTestId('settings-cache-ttl').selectOption(values.cacheTtl)
    await this.page.getByTestId('settings-save').click()
  }
}
