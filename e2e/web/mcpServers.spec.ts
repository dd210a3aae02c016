import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { field, jsonObject } from '../../tests/helpers/jsonField'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { referenceServerScript } from '../../tests/tools/referenceServers'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { McpServersPage } from '../pages/McpServersPage'

const FIXTURE = join(__dirname, '../../tests/fixtures/mcpServer/server.mjs')

/** config.json as written, not as read with defaults: the tests check what the app put in the file. */
function config(home: string): unknown {
  return JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))
}

/** The MCP servers config.json lists, by name. */
function configuredServers(home: string): unknown {
  return field(config(home), 'mcpServers')
}

test('Settings → Tools adds a pasted Claude Code entry and a typed one, shows a failure, tests, trusts, renames and removes', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Builder', 'Hi.\n')
  await app.goTo('settings')
  const servers = new McpServersPage(page)
  await expect(servers.panel).toContainText('No MCP servers yet.')

  const pasted = {
    mcpServers: {
      devhub: {
        type: 'stdio',
        command: process.execPath,
        args: [FIXTURE, '--count', '4'],
        alwaysAllow: ['list_repositories']
      }
    }
  }
  await servers.pasteEntry(JSON.stringify(pasted, null, 2))
  await expect(servers.dialog).toContainText('pasted entry: "alwaysAllow" is not used by Hearth; ignored')
  await expect(servers.dialog.getByLabel('Name', { exact: true })).toHaveValue('devhub')
  await expect(servers.dialog.getByLabel('Arguments', { exact: true })).toHaveValue(`${FIXTURE}\n--count\n4`)
  await snap(page, 'mcp-server-add-pasted')
  await servers.save()
  await expect(servers.card('devhub')).toContainText('running')
  await expect(servers.card('devhub')).toContainText('4 tools')
  expect(field(configuredServers(hearth.home), 'devhub')).toEqual({
    type: 'stdio',
    command: process.execPath,
    args: [FIXTURE, '--count', '4'],
    trusted: false
  })

  await servers.addLocal('ghost', 'hearth-e2e-no-such-command')
  await expect(servers.card('ghost')).toContainText('failed to start')
  await expect(servers.card('ghost')).toContainText('the command was not found')
  await expect(servers.card('ghost')).toContainText('Hearth tries again at')
  await servers.card('ghost').scrollIntoViewIfNeeded()
  await snap(page, 'mcp-servers-list')
  await servers.card('ghost').getByRole('button', { name: 'Test', exact: true }).click()
  await expect(servers.card('ghost')).toContainText('failed to start')

  await servers.card('devhub').getByRole('checkbox', { name: 'Trust devhub', exact: true }).click()
  await expect(
    servers.card('devhub').getByRole('checkbox', { name: 'Trust devhub', exact: true })
  ).toBeChecked()
  expect(field(field(configuredServers(hearth.home), 'devhub'), 'trusted')).toBe(true)
  await expect(page.getByTestId('toolset-mcp-devhub')).toContainText('MCP · trusted')

  await servers.card('devhub').getByRole('button', { name: 'Edit devhub', exact: true }).click()
  await servers.dialog.getByLabel('Name', { exact: true }).fill('hub')
  await servers.save()
  await expect(servers.card('hub')).toContainText('running')
  await servers.remove('ghost')
  expect(Object.keys(jsonObject(configuredServers(hearth.home)))).toEqual(['hub'])
})

test.describe('a chat with the official "everything" server', () => {
  let fake: FakeAnthropic
  test.beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  test.afterAll(async () => fake.close())
  test.use({
    seedFiles: {
      'config.json': JSON.stringify({
        mcpServers: {
          everything: {
            command: process.execPath,
            args: [referenceServerScript('everything')],
            trusted: true
          }
        }
      })
    }
  })

  test('an image a tool returns is shown on its card and sent to the model as an image block', async ({
    page,
    hearth
  }) => {
    fake.reset()
    const { chat } = await startConnected(page, hearth, fake.url, {
      name: 'Scout',
      id: 'scout',
      profile: 'Hi.\n',
      soul: 'You are Scout, who looks at pictures.\n'
    })
    fake.script(
      { toolUses: [{ name: 'mcp__everything__get-tiny-image', input: {} }] },
      'That is the tiny test image.'
    )
    await chat.send('Show me the tiny image')
    await chat.waitForTurns(1)
    const card = page.getByTestId('tool-call-card').first()
    await card.locator('summary').click()
    await expect(
      card.getByRole('img', { name: 'Image 1 returned by mcp__everything__get-tiny-image' })
    ).toBeVisible()
    const sent = fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body as {
      messages: Array<{ content: Array<{ type: string; content?: unknown }> }>
    }
    expect(JSON.stringify(sent.messages.at(-1)?.content)).toContain('"type":"image"')
    await snap(page, 'chat-mcp-image-result')
  })
})

test.describe("a project folder's .mcp.json", () => {
  let fake: FakeAnthropic
  test.beforeAll(async () => {
    fake = await startFakeAnthropic()
  })
  test.afterAll(async () => fake.close())

  test('is offered when a chat starts in the folder; once allowed its tools reach the model and the answer is kept', async ({
    page,
    hearth
  }) => {
    fake.reset()
    const site = join(hearth.home, 'projects', 'site')
    mkdirSync(site, { recursive: true })
    writeFileSync(
      join(site, '.mcp.json'),
      JSON.stringify(
        {
          mcpServers: {
            sitehub: { type: 'stdio', command: process.execPath, args: [FIXTURE, '--count', '2'] }
          }
        },
        null,
        2
      )
    )
    const { chat } = await startConnected(page, hearth, fake.url, {
      name: 'Scribe',
      id: 'scribe',
      profile: 'Hi.\n',
      soul: 'You are Scribe.\n'
    })
    await chat.chooseProjectFolder(site)
    fake.script({ toolUses: [{ name: 'mcp__sitehub__list_repositories', input: {} }] }, 'Two repositories.')
    await chat.send('Which repositories are there?')
    const offer = page.getByTestId('tool-confirmation')
    await expect(offer).toContainText(`Run the MCP servers of ${join(site, '.mcp.json')}?`)
    await expect(offer).toContainText('sitehub')
    await expect(offer).toContainText('--count 2')
    await snap(page, 'mcp-project-servers-offer')
    await offer.getByRole('button', { name: 'Allow', exact: true }).click()
    await chat.waitForTurns(1)
    await expect(offer).toBeHidden()
    const first = fake.requests.find((r) => r.path === '/v1/messages')?.body as {
      tools: Array<{ name: string }>
    }
    expect(first.tools.map((tool) => tool.name)).toContain('mcp__sitehub__list_repositories')
    await expect(page.getByTestId('tool-call-card').first()).toContainText('mcp__sitehub__list_repositories')
    expect(field(field(field(config(hearth.home), 'mcp'), 'projects'), site)).toMatchObject({
      decision: 'allow'
    })
  })
})
