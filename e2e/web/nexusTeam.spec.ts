import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { nexusPostArgs, type NexusPostOptions } from '../../tests/helpers/nexusPost'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { REPO_ROOT } from '../fixtures/serveProcess'
import { withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

const CLI = join(REPO_ROOT, 'bin/hearth.js')

/** Another process writing to the same home, as a script or an MCP client would. */
function cliPost(home: string, entry: NexusPostOptions): void {
  const run = spawnSync(process.execPath, [CLI, '--home', home, ...nexusPostArgs(entry)], {
    encoding: 'utf8'
  })
  expect(run.status, run.stderr).toBe(0)
}

/** A home with two Hearth agents, Ella (from the first run) and Lyra. */
async function twoAgents(
  app: HearthApp,
  hearth: { url: string; port: number; token: string; origin: string }
) {
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI write Quill, a notes app.\n')
  await withRpc(hearth, (rpc) => rpc.call('agents.create', { name: 'Lyra' }))
}

test('the lanes show who has not acknowledged which decision, live, and the user can excuse someone', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await twoAgents(app, hearth)
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await nexus.showView('lanes')
  cliPost(hearth.home, {
    agent: 'ella',
    type: 'decision',
    summary: 'Dates are stored in UTC',
    rationale: 'Users travel'
  })
  cliPost(hearth.home, { agent: 'lyra', type: 'handoff', summary: 'Ella takes the importer from here' })
  const first = nexus.laneEntry(1).getByTestId('nexus-awaiting-ack')
  await expect(first).toContainText('Awaiting acknowledgement from')
  await expect(first.locator('[data-member]')).toHaveText(['lyra×'])
  await expect(nexus.laneEntry(2).getByTestId('nexus-awaiting-ack').locator('[data-member]')).toHaveText([
    'ella×'
  ])
  await expect(nexus.laneHeader('lyra').getByTestId('nexus-lane-owes')).toHaveText('1 to acknowledge')
  await expect(nexus.laneHeader('ella').getByTestId('nexus-lane-owes')).toHaveText('1 to acknowledge')
  await snap(page, 'nexus-lanes-acks')

  // Lyra acknowledges from another process: the card and her header update without a reload.
  cliPost(hearth.home, { agent: 'lyra', type: 'ack', summary: 'Storing UTC in the importer', refs: '1' })
  await expect(nexus.laneEntry(1).getByTestId('nexus-awaiting-ack')).toHaveCount(0)
  await expect(nexus.laneHeader('lyra').getByTestId('nexus-lane-owes')).toHaveCount(0)

  // The user excuses Ella from acknowledging the handoff.
  await page.getByRole('button', { name: 'Excuse ella from acknowledging #2' }).click()
  await expect(nexus.laneEntry(2).getByTestId('nexus-awaiting-ack')).toHaveCount(0)
  await expect(nexus.laneHeader('ella').getByTestId('nexus-lane-owes')).toHaveCount(0)
  await snap(page, 'nexus-lanes-acks-settled')
})

test('the conflicts panel says why two decisions clash, the same author’s included, until a resolution', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await twoAgents(app, hearth)
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await withRpc(hearth, async (rpc) => {
    for (const entry of [
      { agent: 'ella', summary: 'Quill stores notes in SQLite with WAL mode', rationale: 'Fast queries' },
      {
        agent: 'lyra',
        summary: 'Quill stores notes in plain Markdown files, not SQLite',
        rationale: 'Any editor'
      },
      { agent: 'ella', summary: 'Quill 2.0 ships on March 14', rationale: 'Conference' },
      { agent: 'ella', summary: 'Quill 2.0 ships on March 28', rationale: 'Sync needs time' }
    ])
      await rpc.call('nexus.post', { ...entry, type: 'decision' })
  })
  await expect(nexus.conflicts).toHaveCount(2)
  const reasons = page.getByTestId('nexus-conflict-reason')
  await expect(reasons.nth(0)).toHaveText(
    '#3 says “14”, #4 says “28”; both are about Quill, 2.0, ships, March. Both are ella’s: the later one does not say it replaces the earlier one.'
  )
  await expect(reasons.nth(1)).toHaveText(
    '#2 rules out “SQLite”, which #1 chose; both are about Quill, stores, notes, SQLite.'
  )
  await expect(app.nav('nexus')).toContainText('2')
  await page.getByRole('heading', { name: 'Nexus', exact: true }).scrollIntoViewIfNeeded()
  await snap(page, 'nexus-conflicts-reasons')

  await nexus.resolveFirstConflict('Quill 2.0 ships on March 28')
  await expect(nexus.conflicts).toHaveCount(1)
  await expect(reasons).toHaveText([
    '#2 rules out “SQLite”, which #1 chose; both are about Quill, stores, notes, SQLite.'
  ])
})

test('Settings → Nexus sets turn entries and checkpoints; Nexus members binds, shows the token once, last seen, revoke', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await twoAgents(app, hearth)
  await app.goTo('settings')
  const nexusPanel = page.getByTestId('settings-panel-nexus')
  await nexusPanel.getByRole('radio', { name: 'Every turn' }).check()
  await nexusPanel.getByLabel('Checkpoint every (tool calls)').fill('1')
  await nexusPanel.getByRole('button', { name: 'Save' }).click()
  await expect(nexusPanel.getByTestId('settings-nexus-message')).toHaveText('Fix the marked fields first.')
  await expect(nexusPanel.getByText('A whole number from 2 to 100')).toBeVisible()
  await nexusPanel.getByLabel('Checkpoint every (tool calls)').fill('6')
  await nexusPanel.getByRole('button', { name: 'Save' }).click()
  await expect(nexusPanel.getByTestId('settings-nexus-message')).toHaveText('Saved to config.json.')
  await withRpc(hearth, async (rpc) =>
    expect(await rpc.call('nexus.settings.get', {})).toEqual({
      turnEntries: 'every',
      checkpointEvery: 6,
      injectCap: 20
    })
  )
  await nexusPanel.scrollIntoViewIfNeeded()
  await snap(page, 'settings-nexus')

  const members = page.getByTestId('settings-panel-nexus-members')
  await expect(members.getByText('No members yet')).toBeVisible()
  const bind = members.getByRole('form', { name: 'Bind a member' })
  await bind.getByLabel('Member name').fill('hermes-lyra')
  await bind.getByLabel('Author name').fill('lyra')
  await bind.getByRole('button', { name: 'Bind member' }).click()
  // Lyra is one of the user's agents: an external member may not take her name.
  await expect(bind.getByRole('alert')).toHaveText(
    '"lyra" is one of your Hearth agents: bind it as that agent, or give the external member a name of its own.'
  )
  await bind.getByRole('radio', { name: 'One of your agents' }).check()
  await bind.getByRole('combobox', { name: 'Agent' }).selectOption('lyra')
  await bind.getByRole('button', { name: 'Bind member' }).click()
  const issued = members.getByTestId('nexus-member-token')
  await expect(issued).toContainText('Bound hermes-lyra')
  const token = (await issued.locator('code.nexus-token').textContent()) ?? ''
  expect(token).toMatch(/^[0-9a-f]{48}$/)
  const row = members.locator('[data-testid="nexus-member"][data-member="hermes-lyra"]')
  await expect(row).toContainText('one of your agents')
  await expect(row).toContainText('Never')
  await members.scrollIntoViewIfNeeded()
  await snap(page, 'settings-nexus-members-bound')

  // A real MCP client (calling itself "mcp", as the Python SDK does) with that token.
  const client = new Client({ name: 'mcp', version: '1.26.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--home', hearth.home, 'mcp'],
      env: { ...(process.env as Record<string, string>), HEARTH_MCP_TOKEN: token },
      stderr: 'pipe'
    })
  )
  try {
    const posted = (await client.callTool({
      name: 'nexus_post',
      arguments: { type: 'turn', summary: 'Lyra checked in' }
    })) as {
      content: { text: string }[]
    }
    expect(JSON.parse(posted.content[0]?.text ?? '{}').entry).toMatchObject({
      agent: 'lyra',
      channel: 'mcp:hermes-lyra'
    })
  } finally {
    await client.close()
  }
  await app.goTo('nexus')
  await app.goTo('settings')
  await expect(row).toContainText('as “mcp” over stdio')
  await members.scrollIntoViewIfNeeded()
  await snap(page, 'settings-nexus-members-seen')

  await row.getByRole('button', { name: 'Revoke hermes-lyra…' }).click()
  await row.getByRole('button', { name: 'Revoke hermes-lyra', exact: true }).click()
  await expect(row).toHaveCount(0)
  await expect(members.getByText('No members yet')).toBeVisible()
})
