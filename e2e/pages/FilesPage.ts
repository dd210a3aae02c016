import { expect, type Locator, type Page } from '@playwright/test'
import { HearthApp } from './HearthApp'

export type FileTabName = 'soul' | 'memory' | 'user' | 'rules'

/** The Files section: tabs, the Monaco editor, saving and the conflict prompt. */
export class FilesPage {
  constructor(readonly page: Page) {}

  tab(name: FileTabName): Locator {
    return this.page.getByTestId(`file-tab-${name}`)
  }

  get editor(): Locator {
    return this.page.getByTestId('file-editor')
  }

  get path(): Locator {
    return this.page.getByTestId('file-path')
  }

  get state(): Locator {
    return this.page.getByTestId('file-state')
  }

  get tokens(): Locator {
    return this.page.getByTestId('file-tokens')
  }

  get conflictBanner(): Locator {
    return this.page.getByTestId('conflict-banner')
  }

  /** The notice that open chats keep the prompt they started with, after a save. */
  get chatsBehind(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'This change applies to the next session' })
  }

  get rebuildNow(): Locator {
    return this.chatsBehind.getByRole('button', { name: 'Rebuild now', exact: true })
  }

  /** Goes to the Files section unless it is already shown (the app opens on Chat). */
  async show(): Promise<void> {
    if (!(await this.page.getByTestId('files-section').isVisible()))
      await new HearthApp(this.page).goTo('files')
  }

  async open(name: FileTabName): Promise<void> {
    await this.show()
    await this.tab(name).click()
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true')
    await expect(this.editor.locator('.monaco-editor')).toBeVisible()
    await expect(this.state).not.toHaveText('Loading…')
  }

  /** The visible text of the editor (Monaco renders lines as DOM; non-breaking spaces normalised). */
  async editorText(): Promise<string> {
    const text = await this.editor.locator('.view-lines').innerText()
    return text.replace(/\u00a0/g, ' ')
  }

  /** Replaces the whole document the way a user would: focus, select all, type. */
  async replaceText(text: string): Promise<void> {
    await this.editor.locator('.view-lines').click()
    await this.page.keyboard.press('ControlOrMeta+A')
    await this.page.keyboard.press('Delete')
    await this.page.keyboard.insertText(text)
  }

  /** Adds text at the end of the document. */
  async appendText(text: string): Promise<void> {
    await this.editor.locator('.view-lines').click()
    await this.page.keyboard.press('ControlOrMeta+End')
    await this.page.keyboard.insertText(text)
  }

  async saveWithShortcut(): Promise<void> {
    await this.editor.locator('.view-lines').click()
    await this.page.keyboard.press('ControlOrMeta+S')
    await expect(this.state).toHaveText('Saved')
  }

  async saveWithButton(): Promise<void> {
    await this.page.getByTestId('file-save').click()
    await expect(this.state).toHaveText('Saved')
  }
}
