import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { REPO_ROOT } from '../fixtures/serveProcess'
import { ChatPage, rpcClient } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** Another process writing to the same home, as a script or an MCP client would. */
function cliPost(home: string, ...args: string[]): void {
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'bin/hearth.js'), '--home', home, 'nexus', 'post', ...args], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
}

/** The text of the last user message of a recorded Messages API request. */
function lastUserText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as { role: string; content: string | { type: string; text?: string }[] }[]
  const last = messages.filter((message) => message.role === 'user').at(-1)
  if (last === undefined) return ''
  return typeof last.content === 'string' ? last.content : last.content.map((block) => block.text ?? '').join('\n')
}

test("agent A's decision reaches agent B's next turn in a fenced block, and the timeline shows both authors", async ({ page, hearth }) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
  try {
    await rpc.call('settings.setApiKey', { key: 'sk-e2e' })
    await rpc.call('settings.update', { baseUrl: fake.url })
    await rpc.call('agents.create', { name: 'Lyra' })
  } finally {
    rpc.close()
  }
  const chat = new ChatPage(page)

  await app.agent('ella').click()
  await app.goTo('chat')
  fake.script(
    { toolUses: [{ name: 'nexus_post', input: { type: 'decision', summary: 'API keys live in the OS keychain', rationale: 'Never plain text on disk' } }] },
    'Recorded the decision in the Nexus.'
  )
  await chat.send('Decide where API keys are stored, and tell the others.')
  await chat.waitForTurns(1)

  await app.agent('lyra').click()
  await page.getByTestId('chat-new').click()
  fake.script({ toolUses: [{ name: 'nexus_post', input: { type: 'ack', summary: 'Will read keys from the keychain', refs: [1] } }] }, 'Got it.')
  const before = fake.requests.length
  await chat.send('Where should I read the API key from?')
  await chat.waitForTurns(1)
  const lyraFirstCall = fake.requests.slice(before).find((request) => request.path.includes('/v1/messages') && !request.path.includes('count_tokens'))
  const injected = lastUserText(lyraFirstCall)
  expect(injected).toContain('<nexus-context>')
  expect(injected).toMatch(/\[#1 decision · ella · (desktop|cli) · [^\]]+\] API keys live in the OS keychain/)
  expect(injected).toContain('rationale: Never plain text on disk')
  expect(String(lyraFirstCall?.body?.system ?? JSON.stringify(lyraFirstCall?.body?.system))).not.toContain('API keys live in the OS keychain')

  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(2)
  await expect(nexus.entry(1).getByTestId('nexus-author')).toHaveText('ella')
  await expect(nexus.entry(1)).toContainText('API keys live in the OS keychain')
  await expect(nexus.entry(2).getByTestId('nexus-author')).toHaveText('lyra')
  await expect(nexus.entry(2)).toContainText('ack')
  await expect(nexus.chain).toContainText('Chain intact · 2 entries')
  await snap(page, 'nexus-two-agents')
})

test('entries from other processes appear live; conflicts are resolved; project state saves append state entries', async ({ page, hearth }) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  cliPost(hearth.home, '--agent', 'ella', '--type', 'decision', '--summary', 'Thumbnails are stored as WebP files', '--rationale', 'Half the size of JPEG', '--channel', 'desktop')
  cliPost(hearth.home, '--agent', 'lyra', '--type', 'checkpoint', '--summary', 'Resized 40 of 90 albums; tagging next')
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(2)

  cliPost(hearth.home, '--agent', 'claude-code', '--type', 'decision', '--summary', 'Thumbnails are stored as AVIF files', '--rationale', 'Half the size of WebP', '--channel', 'mcp:claude-code')
  await expect(nexus.entry(3)).toContainText('mcp:claude-code')
  await expect(nexus.conflicts).toHaveCount(1)
  await expect(app.nav('nexus')).toContainText('1')
  await snap(page, 'nexus-live-conflict')

  await nexus.filterByAgent('lyra')
  await expect(nexus.timelineEntries).toHaveCount(1)
  await nexus.filterByAgent('')
  await nexus.filterByType('decision')
  await expect(nexus.timelineEntries).toHaveCount(2)
  await nexus.filterByType('')
  await nexus.search('avif')
  await expect(nexus.timelineEntries).toHaveCount(1)
  await nexus.search('')

  await nexus.resolveFirstConflict('WebP for now; revisit AVIF when browsers catch up')
  await expect(nexus.conflicts).toHaveCount(0)
  await expect(nexus.entry(4)).toContainText('resolution')
  await expect(nexus.entry(4).getByTestId('nexus-author')).toHaveText('user')

  await nexus.showTab('checkpoints')
  await expect(page.getByTestId('nexus-checkpoints')).toContainText('Resized 40 of 90 albums')
  await nexus.showTab('state')
  await nexus.saveProjectState('# Photo app\n\nv1 ships in March.')
  await expect(page.getByTestId('nexus-project-state')).toContainText('Saved as entry #5')
  await expect(nexus.entry(5)).toContainText('Project state saved')
  await snap(page, 'nexus-project-state')
  await nexus.showTab('decisions')
  await expect(page.getByTestId('nexus-decisions').getByTestId('nexus-entry')).toHaveCount(2)
  await snap(page, 'nexus-decisions')
})
