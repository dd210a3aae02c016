import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'

const FIXTURE = join(__dirname, '../../tests/fixtures/mcpServer/server.mjs')
const server = (args: string[], trusted: boolean) => ({
  command: process.execPath,
  args: [FIXTURE, ...args],
  env: {},
  trusted
})

test.use({
  seedFiles: {
    'config.json': JSON.stringify({
      mcpServers: {
        devhub: server(['--profile', 'devhub'], true),
        scraper: server(['--count', '6'], false),
        broken: server(['--fail-start'], true)
      }
    })
  }
})

test('Settings → Tools lists toolsets and MCP servers and switches one off for the next session', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Builder', 'Hi.\n')
  await app.goTo('settings')
  const panel = page.getByTestId('tools-settings')
  await expect(panel.getByTestId('toolset-mcp-devhub')).toContainText('running')
  await expect(panel.getByTestId('toolset-mcp-devhub')).toContainText('40')
  await expect(panel.getByTestId('toolset-mcp-scraper')).toContainText('MCP · untrusted')
  await expect(panel.getByTestId('toolset-mcp-broken')).toContainText('failed to start')
  await expect(panel.getByTestId('tools-session-summary')).toContainText(
    'memory writes and Nexus posts will ask you first'
  )
  await snap(page, 'settings-tools')

  await panel.getByRole('checkbox', { name: 'Use mcp-scraper in new sessions' }).click()
  await expect(panel.getByTestId('tools-notice')).toContainText(
    "next session's first request writes its tools"
  )
  await expect(panel.getByRole('checkbox', { name: 'Use mcp-scraper in new sessions' })).not.toBeChecked()
  const config = JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8'))
  expect(Object.values(config.agents)[0]).toEqual({ toolsets: ['core', 'mcp-broken', 'mcp-devhub'] })
  await expect(panel.getByTestId('tools-session-summary')).not.toContainText('will ask you first')
})
