import { expect, type Locator, type Page } from '@playwright/test'

/** The Nexus section as a user sees it: timeline, filters, side tabs, conflicts and chain status. */
export class NexusPage {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.getByTestId('nexus-section')
  }

  get timelineEntries(): Locator {
    return this.page.getByTestId('nexus-timeline').getByTestId('nexus-entry')
  }

  entry(seq: number): Locator {
    return this.page.getByTestId('nexus-timeline').locator(`[data-testid="nexus-entry"][data-seq="${seq}"]`)
  }

  get chain(): Locator {
    return this.page.getByTestId('nexus-chain')
  }

  get conflicts(): Locator {
    return this.page.getByTestId('nexus-conflict')
  }

  async filterByAgent(agent: string): Promise<void> {
    await this.page.getByTestId('nexus-filter-agent').selectOption(agent)
  }

  async filterByType(type: string): Promise<void> {
    await this.page.getByTestId('nexus-filter-type').selectOption(type)
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('nexus-filter-search').fill(text)
  }

  async showTab(tab: 'decisions' | 'checkpoints' | 'state'): Promise<void> {
    await this.page.getByTestId(`nexus-tab-${tab}`).click()
    await expect(this.page.getByTestId(`nexus-tab-${tab}`)).toHaveAttribute('aria-selected', 'true')
  }

  /** Switches between the single timeline and the side-by-side lanes. */
  async showView(view: 'timeline' | 'lanes'): Promise<void> {
    await this.page.getByTestId(`nexus-view-${view}`).click()
    await expect(this.page.getByTestId(`nexus-view-${view}`)).toHaveAttribute('aria-pressed', 'true')
  }

  get lanes(): Locator {
    return this.page.getByTestId('nexus-lanes')
  }

  /** The column headers of the lanes view, left to right. */
  get laneHeaders(): Locator {
    return this.lanes.getByTestId('nexus-lane')
  }

  laneHeader(author: string): Locator {
    return this.lanes.locator(`[data-testid="nexus-lane"][data-author="${author}"]`)
  }

  /** The entries in one author's column, top to bottom. */
  laneEntries(author: string): Locator {
    return this.lanes.locator(
      `[data-testid="nexus-lane-cell"][data-author="${author}"] [data-testid="nexus-entry"]`
    )
  }

  laneEntry(seq: number): Locator {
    return this.lanes.locator(`[data-testid="nexus-entry"][data-seq="${seq}"]`)
  }

  /** Settles the first conflict with a one-line resolution. */
  async resolveFirstConflict(summary: string): Promise<void> {
    const conflict = this.conflicts.first()
    await conflict.getByTestId('nexus-resolution-summary').fill(summary)
    await conflict.getByTestId('nexus-resolve').click()
  }

  /** Replaces the project state text in the editor and saves it. */
  async saveProjectState(text: string): Promise<void> {
    const editor = this.page.getByTestId('nexus-project-state-editor')
    await expect(editor.locator('.monaco-editor')).toBeVisible()
    await editor.locator('.monaco-editor').click()
    await this.page.keyboard.press('ControlOrMeta+A')
    await this.page.keyboard.type(text)
    await this.page.getByTestId('nexus-project-state-save').click()
  }
}
