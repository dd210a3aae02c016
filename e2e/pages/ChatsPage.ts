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

  /** A row's "More actions" (⋯) button, always shown beside the chat. */
  moreActions(title: string): Locator {
    return this.list.getByRole('button', { name: `More actions for ${title}`, exact: true })
  }

  /** The menu the ⋯ button opens. */
  rowMenu(title: string): Locator {
    return this.list.getByRole('menu', { name: `More actions for ${title}`, exact: true })
  }

  /** Chooses one action from a row's ⋯ menu. */
  async rowAction(
    title: string,
    action: 'Pin to the top' | 'Unpin' | 'Rename' | 'Move to Trash'
  ): Promise<void> {
    await this.moreActions(title).click()
    await this.rowMenu(title).getByRole('menuitem', { name: action }).click()
  }

  async renameFromList(title: string, name: string): Promise<void> {
    await this.rowAction(title, 'Rename')
    await this.page.getByRole('textbox', { name: 'Chat name' }).fill(name)
    await this.page.getByRole('button', { name: 'Save' }).click()
  }

  /** The "moved to Trash" notice with its Undo. */
  get trashedNotice(): Locator {
    return this.page.getByTestId('chat-trashed-notice')
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

  /** The Ctrl/Cmd+K switcher: chats and knowledge behind one search box. */
  get switcher(): Locator {
    return this.page.getByRole('dialog', { name: 'Find anything' })
  }

  /** The switcher's chat rows ("Recent chats" with no query, "Chats" with one). */
  get switcherChats(): Locator {
    return this.switcher.getByRole('group', { name: /chats/i }).getByRole('option')
  }

  /** The switcher's group of knowledge hits of one kind ("Facts", "Nexus", "MEMORY.md"…). */
  switcherGroup(label: string): Locator {
    return this.switcher.getByRole('group', { name: label, exact: true })
  }

  async openSwitcher(): Promise<void> {
    await this.page.keyboard.press('Control+k')
    await expect(this.switcher).toBeVisible()
  }
}
