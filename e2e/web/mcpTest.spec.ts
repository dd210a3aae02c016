import { join } from 'node:path'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { HearthApp } from '../pages/HearthApp'
import { McpServersPage } from '../pages/McpServersPage'

const FIXTURE = join(__dirname, '../../tests/fixtures/mcpServer/server.mjs')

test('Settings → Tools: Test says pass or fail in words, with how long it took, and the tools are listed with their tokens', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Builder')
  await app.goTo('settings')
  const servers = new McpServersPage(page)
  await servers.addLocal('devhub', process.execPath, [FIXTURE, '--count', '3'])
  await expect(servers.card('devhub')).toContainText('running')

  await servers.card('devhub').getByRole('button', { name: 'Test', exact: true }).click()
  const passed = servers.card('devhub').getByRole('status', { name: 'Test of devhub' })
  await expect(passed).toContainText(/✓ Passed in \d+(\.\d)? (ms|s)/)
  await expect(passed).toContainText('Pinged the running server (`')
  await expect(passed).toContainText('server.mjs --count 3`) and asked for its tools again.')
  await expect(passed).toContainText(/3 tools offered, [\d,]+ tokens in every request that carries them\./)

  await servers.card('devhub').getByText('Tools (3)').click()
  const table = servers.card('devhub').getByRole('table', { name: 'Tools of devhub' })
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/^mcp__devhub__/)
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText(/^[1-9][\d,]*$/)
  await servers.card('devhub').scrollIntoViewIfNeeded()
  await snap(page, 'mcp-test-passed')

  await servers.addLocal('ghost', 'hearth-e2e-no-such-command')
  await expect(servers.card('ghost')).toContainText('failed to start')
  await servers.card('ghost').getByRole('button', { name: 'Test', exact: true }).click()
  const failed = servers.card('ghost').getByRole('status', { name: 'Test of ghost' })
  await expect(failed).toContainText(/✗ Failed in \d+(\.\d)? (ms|s)/)
  await expect(failed).toContainText('Tried to start `hearth-e2e-no-such-command`.')
  await expect(failed).toContainText('The command was not found; check "command"')
  // The card does not say it twice.
  await expect(servers.card('ghost').getByText(/command was not found/)).toHaveCount(1)
  await expect(servers.card('ghost').getByText(/^Tools \(/)).toHaveCount(0)
  await servers.card('ghost').scrollIntoViewIfNeeded()
  await snap(page, 'mcp-test-failed')
})
