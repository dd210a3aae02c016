import { expect, type Locator, type Page } from '@playwright/test'

/** Settings → Tools → MCP servers: the list, the Add / Edit dialog and the remove confirmation. */
export class McpServersPage {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByTestId('mcp-servers')
  }

  get dialog(): Locator {
    return this.page.getByTestId('mcp-server-dialog')
  }

  card(name: string): Locator {
    return this.panel.getByTestId(`mcp-server-${name}`)
  }

  /** Opens Add server, pastes `text` and lets the dialog fill the form from it. */
  async pasteEntry(text: string): Promise<void> {
    await this.panel.getByRole('button', { name: 'Add server', exact: true }).click()
    await expect(this.dialog).toBeVisible()
    await this.dialog.getByLabel('Paste a config entry', { exact: true }).fill(text)
    await this.dialog.getByRole('button', { name: 'Fill the form', exact: true }).click()
  }

  /** Opens Add server and types a local server by hand. */
  async addLocal(name: string, command: string, args: readonly string[] = []): Promise<void> {
    await this.panel.getByRole('button', { name: 'Add server', exact: true }).click()
    await this.dialog.getByLabel('Name', { exact: true }).fill(name)
    await this.dialog.getByLabel('Command', { exact: true }).fill(command)
    await this.dialog.getByLabel('Arguments', { exact: true }).fill(args.join('\n'))
    await this.save()
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save server', exact: true }).click()
    await expect(this.dialog).toBeHidden()
  }

  async remove(name: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Remove ${name}`, exact: true })
      .click()
    await this.page.getByRole('dialog').getByRole('button', { name: 'Remove server', exact: true }).click()
    await expect(this.card(name)).toBeHidden()
  }
}
