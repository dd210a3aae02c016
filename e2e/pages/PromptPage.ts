import { expect, type Locator, type Page } from '@playwright/test'

/** The Prompt section: options, the tier summary, the layer cards and the exact text. */
export class PromptPage {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.getByTestId('prompt-section')
  }

  get text(): Locator {
    return this.page.getByTestId('prompt-text')
  }

  get tokens(): Locator {
    return this.page.getByTestId('prompt-tokens')
  }

  layer(id: string): Locator {
    return this.page.locator(`[data-testid="prompt-layer"][data-layer="${id}"]`)
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-prompt').click()
    await expect(this.section).toBeVisible()
    await expect(this.text).toBeVisible()
  }

  /** Picks the project folder by typing its path into the folder browser. */
  async chooseProjectFolder(dir: string): Promise<void> {
    await this.page.getByTestId('prompt-pick-folder').click()
    await this.page.getByTestId('folder-path-input').fill(dir)
    await this.page.getByTestId('folder-path-go').click()
    await expect(this.page.getByTestId('folder-picker-current')).toHaveText(dir)
    await this.page.getByTestId('folder-picker-choose').click()
    await expect(this.page.getByTestId('prompt-project-dir')).toHaveText(dir)
  }
}
