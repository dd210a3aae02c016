import { expect, type Locator, type Page } from '@playwright/test'

export type SectionName =
  | 'chat'
  | 'prompt'
  | 'files'
  | 'skills'
  | 'memories'
  | 'review'
  | 'nexus'
  | 'wiki'
  | 'import'
  | 'inspector'
  | 'settings'

/** The shell: first run, sidebar (agents, sections) and the connection state. */
export class HearthApp {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url)
    await expect(this.page.getByTestId('loading')).toBeHidden()
  }

  get firstRun(): Locator {
    return this.page.getByTestId('first-run')
  }

  /** Runs the whole first-run flow: agent name, a short USER.md, then skips the key. */
  async completeFirstRun(agentName: string, profile: string): Promise<void> {
    await expect(this.firstRun).toBeVisible()
    await this.page.getByTestId('agent-name-input').fill(agentName)
    await this.page.getByTestId('agent-create-submit').click()
    const profileInput = this.page.getByTestId('profile-input')
    await expect(profileInput).toBeEnabled()
    await profileInput.fill(profile)
    await this.page.getByTestId('profile-save').click()
    await expect(this.page.getByTestId('first-run-finish')).toBeVisible()
    await this.page.getByTestId('first-run-finish').click()
    await expect(this.firstRun).toBeHidden()
  }

  /** Opens the app on a fresh home and runs the first run with one agent. */
  async startWith(url: string, agentName: string, profile = 'Hi.\n'): Promise<void> {
    await this.open(url)
    await this.completeFirstRun(agentName, profile)
  }

  nav(section: SectionName): Locator {
    return this.page.getByTestId(`nav-${section}`)
  }

  async goTo(section: SectionName): Promise<void> {
    await this.nav(section).click()
    await expect(this.nav(section)).toHaveAttribute('aria-current', 'page')
  }

  agent(id: string): Locator {
    return this.page.getByTestId(`agent-${id}`)
  }

  /** The agent's row in the sidebar: its button and, when selected, its Rename / Delete buttons. */
  agentRow(id: string): Locator {
    return this.page
      .getByTestId('agent-list')
      .getByRole('listitem')
      .filter({ has: this.agent(id) })
  }

  async createAgent(name: string): Promise<void> {
    await this.page.getByTestId('agent-new').click()
    await this.page.getByTestId('agent-name-input').fill(name)
    await this.page.getByTestId('agent-create-submit').click()
    await expect(this.page.getByTestId('agent-create-dialog')).toBeHidden()
  }

  async renameSelectedAgent(name: string): Promise<void> {
    await this.page.getByTestId('agent-rename').click()
    await this.page.getByTestId('agent-rename-input').fill(name)
    await this.page.getByTestId('agent-rename-submit').click()
    await expect(this.page.getByTestId('agent-rename-dialog')).toBeHidden()
  }
}
