import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'

const FIXTURE = join(__dirname, '../../tests/fixtures/mcpServer/server.mjs')

test.use({
  seedFiles: {
    'config.json': JSON.stringify({
      mcpServers: {
        scraper: {
          command: process.execPath,
          args: [FIXTURE, '--count', '3', '--hostile'],
          env: {},
          trusted: false
        }
      }
    })
  }
})

test('Settings → Tools warns about an MCP tool that describes itself with an injection', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Builder', 'Hi.\n')
  await app.goTo('settings')
  const row = page.getByTestId('tools-settings').getByTestId('toolset-mcp-scraper')
  await expect(row).toContainText('running')
  await expect(row.getByRole('note')).toHaveText(
    'The tool mcp__scraper__fetch_page describes itself with text the injection scanner matches (prompt_injection); the model reads this as instructions. Turn the server off unless you trust it.'
  )
  await row.scrollIntoViewIfNeeded()
  await snap(page, 'settings-tools-injection-warning')
})
