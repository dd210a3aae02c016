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
  async saveLimits(values: {
    readonly memoryCharLimit?: string
    readonly userCharLimit?: string
    readonly contextFileCap?: string
    readonly recallK?: string
  }): Promise<void> {
    if (values.memoryCharLimit !== undefined)
      await this.page.getByTestId('settings-memory-limit').fill(values.memoryCharLimit)
    if (values.userCharLimit !== undefined)
      await this.page.getByTestId('settings-user-limit').fill(values.userCharLimit)
    if (values.contextFileCap !== undefined)
      await this.page.getByTestId('settings-context-file-cap').fill(values.contextFileCap)
    if (values.recallK !== undefined) await this.page.getByTestId('settings-recall-k').fill(values.recallK)
    await this.page.getByTestId('settings-limits-save').click()
  }

  /** Picks how the agent's memory-tool writes are made ("Save with a receipt" / "Ask me first") and saves it. */
  async saveMemoryWrites(choice: 'Save with a receipt' | 'Ask me first'): Promise<void> {
    const panel = this.page.getByRole('form', { name: 'Memory writes' })
    await panel
      .getByRole('group', { name: 'Memory writes by the agent' })
      .getByRole('radio', { name: choice })
      .check()
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(panel.getByRole('status')).toHaveText('Saved to config.json.')
  }

  /** Fills the Retention panel's idle minutes and presses its Save. */
  async saveIdleMinutes(minutes: string): Promise<void> {
    await this.page.getByTestId('settings-idle-minutes').fill(minutes)
    await this.page.getByTestId('settings-retention-save').click()
  }

  /** Picks `model` from the model table, or types it as another model when the table does not list it. */
  async chooseModel(model: string): Promise<void> {
    const picker = this.page.getByTestId('settings-model-pick')
    const listed = await picker.locator('option', { hasText: `${model} —` }).count()
    if (listed > 0) {
      await picker.selectOption(model)
      return
    }
    await picker.selectOption({ label: 'Another model (type its id)…' })
    await this.page.getByRole('textbox', { name: 'Model id' }).fill(model)
  }

  /** Picks a provider preset by its label, e.g. "OpenRouter". */
  async chooseProvider(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Provider' }).selectOption({ label })
  }

  get connectionReport(): Locator {
    return this.page.getByTestId('connection-report')
  }

  /** Presses Test connection and waits for the report of the call. */
  async testConnection(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Test connection' }).click()
    await expect(this.connectionReport).toBeVisible()
    return this.connectionReport
  }

  async saveModelSettings(values: {
    readonly model?: string
    readonly baseUrl?: string
    readonly cacheTtl?: '5m' | '1h'
  }): Promise<void> {
    if (values.model !== undefined) await this.chooseModel(values.model)
    if (values.baseUrl !== undefined) await this.page.getByTestId('settings-base-url').fill(values.baseUrl)
    if (values.cacheTtl !== undefined)
      await this.page.getByTestId('settings-cache-ttl').selectOption(values.cacheTtl)
    await this.page.getByTestId('settings-save').click()
  }
}
