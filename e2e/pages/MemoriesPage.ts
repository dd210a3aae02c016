import { expect, type Locator, type Page } from '@playwright/test'
import { HearthApp } from './HearthApp'

/** The Memories section: facts, MEMORY.md / USER.md entries, memory files, and what was forgotten. */
export class MemoriesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await new HearthApp(this.page).goTo('memories')
    await expect(this.page.getByTestId('memories-section')).toBeVisible()
    await expect(this.facts).toBeVisible()
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search memories' })
  }

  get facts(): Locator {
    return this.page.getByTestId('memories-facts')
  }

  fact(text: string): Locator {
    return this.facts.getByTestId('memory-fact').filter({ hasText: text })
  }

  entries(target: 'memory' | 'user'): Locator {
    return this.page.getByTestId(`memories-entries-${target}`).getByTestId('memory-entry')
  }

  get files(): Locator {
    return this.page.getByTestId('memories-files').getByTestId('memory-file')
  }

  get forgotten(): Locator {
    return this.page.getByTestId('memories-forgotten').getByTestId('memory-forgotten')
  }

  /** Pins a fact through its Pin… menu. */
  async pin(text: string, place: string): Promise<void> {
    await this.fact(text).getByRole('button', { name: 'Pin', exact: true }).click()
    await this.page.getByRole('menu', { name: 'Pin' }).getByRole('menuitem', { name: place }).click()
  }

  get pinnedNotice(): Locator {
    return this.page.getByTestId('memories-pinned-notice')
  }

  get notice(): Locator {
    return this.page.getByTestId('memories-forgotten-notice')
  }
}
