import { expect, type Download, type Locator, type Page } from '@playwright/test'

/** Chat management: the chat list's rows and trash, the open chat's title bar, the Ctrl/Cmd+K switcher. */
export class ChatsPage {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('complementary', { name: 'Sessions' })
  }

  /** A chat's row in the list, found by its title. */
  row(title: string): Locator {
    return this.page.getByTestId('chat-session-item').filter({ hasText: title })
  }

  /** Shows the chat list in a narrow window, where it folds away behind the Chats button. */
  async showList(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Chats', exact: true })
    if (await toggle.isVisible()) await toggle.click()
  }

  async renameFromList(title: string, name: string): Promise<void> {
    await this.row(title).hover()
    await this.page.getByRole('button', { name: `Rename ${title}` }).click()
    await this.page.getByRole('textbox', { name: 'Chat name' }).fill(name)
    await this.page.getByRole('button', { name: 'Save' }).click()
  }

  get titleBar(): Locator {
    return this.page.getByTestId('chat-title-bar')
  }

  headerAction(name: string): Locator {
    return this.page.getByRole('group', { name: 'Chat actions' }).getByRole('button', { name, exact: true })
  }

  /** Clicks an Export button and waits for the browser to hand over the file. */
  async export(format: 'Markdown' | 'JSON'): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.headerAction(`Export ${format}`).click()
    return download
  }

  async openTrash(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Trash' }).click()
    return this.page.getByRole('list', { name: 'Trash' })
  }

  async search(query: string): Promise<Locator> {
    await this.page.getByRole('searchbox', { name: 'Search chats' }).fill(query)
    return this.page.getByRole('list', { name: 'Search results' }).getByTestId('chat-search-hit')
  }

  get switcher(): Locator {
    return this.page.getByRole('dialog', { name: 'Go to a chat' })
  }

  async openSwitcher(): Promise<void> {
    await this.page.keyboard.press('Control+k')
    await expect(this.switcher).toBeVisible()
  }
}
