import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../../tests/fakeAnthropic'
import { nexusPostArgs, type NexusPostOptions } from '../../tests/helpers/nexusPost'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { REPO_ROOT } from '../fixtures/serveProcess'
import { ChatPage, connectModel, rpcClient, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** Another process writing to the same home, as a script or an MCP client would. */
function cliPost(home: string, entry: NexusPostOptions): void {
  const run = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'bin/hearth.js'), '--home', home, ...nexusPostArgs(entry)],
    { encoding: 'utf8' }
  )
  expect(run.status, run.stderr).toBe(0)
}

/** The entries the timeline and lanes tests post: a decision, a checkpoint, a conflicting decision. */
const WEBP_DECISION = {
  agent: 'ella',
  type: 'decision',
  summary: 'Thumbnails are stored as WebP files',
  rationale: 'Half the size of JPEG'
} as const
const ALBUMS_CHECKPOINT = {
  agent: 'lyra',
  type: 'checkpoint',
  summary: 'Resized 40 of 90 albums; tagging next'
} as const
const AVIF_DECISION = {
  agent: 'claude-code',
  type: 'decision',
  summary: 'Thumbnails are stored as AVIF files',
  rationale: 'Half the size of WebP',
  channel: 'mcp:claude-code'
} as const

/** The text of the last user message of a recorded Messages API request. */
function lastUserText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as {
    role: string
    content: string | { type: string; text?: string }[]
  }[]
  const last = messages.filter((message) => message.role === 'user').at(-1)
  if (last === undefined) return ''
  return typeof last.content === 'string'
    ? last.content
    : last.content.map((block) => block.text ?? '').join('\n')
}

test("agent A's decision reaches agent B's next turn in a fenced block, and the timeline shows both authors", async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await rpc.call('agents.create', { name: 'Lyra' })
  })
  const chat = new ChatPage(page)

  await app.agent('ella').click()
  await app.goTo('chat')
  fake.script(
    {
      toolUses: [
        {
          name: 'nexus_post',
          input: {
            type: 'decision',
            summary: 'API keys live in the OS keychain',
            rationale: 'Never plain text on disk'
          }
        }
      ]
    },
    'Recorded the decision in the Nexus.'
  )
  await chat.send('Decide where API keys are stored, and tell the others.')
  await chat.waitForTurns(1)

  await app.agent('lyra').click()
  await page.getByTestId('chat-new').click()
  fake.script(
    {
      toolUses: [
        { name: 'nexus_post', input: { type: 'ack', summary: 'Will read keys from the keychain', refs: [1] } }
      ]
    },
    'Got it.'
  )
  const before = fake.requests.length
  await chat.send('Where should I read the API key from?')
  await chat.waitForTurns(1)
  const lyraFirstCall = fake.requests
    .slice(before)
    .find((request) => request.path.includes('/v1/messages') && !request.path.includes('count_tokens'))
  const injected = lastUserText(lyraFirstCall)
  expect(injected).toContain('<nexus-context>')
  expect(injected).toMatch(/\[#1 decision · ella · (desktop|cli) · [^\]]+\] API keys live in the OS keychain/)
  expect(injected).toContain('rationale: Never plain text on disk')
  expect(String(lyraFirstCall?.body?.system ?? JSON.stringify(lyraFirstCall?.body?.system))).not.toContain(
    'API keys live in the OS keychain'
  )

  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(2)
  await expect(nexus.entry(1).getByTestId('nexus-author')).toHaveText('Ella')
  await expect(nexus.entry(1)).toContainText('API keys live in the OS keychain')
  await expect(nexus.entry(2).getByTestId('nexus-author')).toHaveText('Lyra')
  await expect(nexus.entry(2)).toContainText('ack')
  await expect(nexus.chain).toContainText('Chain intact · 2 entries')
  await snap(page, 'nexus-two-agents')

  await nexus.entry(2).getByRole('button', { name: 'Details' }).click()
  await expect(nexus.entry(2)).toContainText('Refers to #1')
  await expect(nexus.entry(2)).toContainText(/id [0-9a-f]{64}/)
  await snap(page, 'nexus-entry-details')
})

test('entries from other processes appear live; conflicts are resolved; project state saves append state entries', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  cliPost(hearth.home, { ...WEBP_DECISION, channel: 'desktop' })
  cliPost(hearth.home, ALBUMS_CHECKPOINT)
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(2)

  cliPost(hearth.home, AVIF_DECISION)
  await expect(nexus.entry(3)).toContainText('mcp:claude-code')
  await expect(nexus.conflicts).toHaveCount(1)
  await expect(app.nav('nexus')).toContainText('1')
  await snap(page, 'nexus-live-conflict')

  // Authors are listed by name (an agent's name, else the author as written), in name order.
  await expect(page.getByRole('combobox', { name: 'Agent' }).getByRole('option')).toHaveText([
    'All agents',
    'claude-code',
    'Ella',
    'lyra'
  ])
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
  // An empty project state says what it is for, who reads it, and offers an outline to start from.
  const hint = page.getByTestId('nexus-project-state-hint')
  await expect(hint).toContainText('each agent sees the new version at its next turn')
  await expect(hint).toContainText('The file is empty, so agents see nothing here yet.')
  await hint.getByRole('button', { name: 'Start from an outline' }).click()
  const stateEditor = page.getByTestId('nexus-project-state-editor')
  await expect(stateEditor).toContainText('## Open questions')
  await expect(hint).not.toContainText('The file is empty')
  await expect(page.getByTestId('nexus-project-state')).toContainText('Unsaved changes')
  await snap(page, 'nexus-project-state-outline')
  await nexus.saveProjectState('# Photo app\n\nv1 ships in March.')
  await expect(page.getByTestId('nexus-project-state')).toContainText('Saved as entry #5')
  await expect(nexus.entry(5)).toContainText('Project state saved')
  await snap(page, 'nexus-project-state')
  await nexus.showTab('decisions')
  await expect(page.getByTestId('nexus-decisions').getByTestId('nexus-entry')).toHaveCount(2)
  await snap(page, 'nexus-decisions')
})

test('lanes show each author side by side, live from other processes, with references, conflicts, checkpoints and unread counts', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  cliPost(hearth.home, WEBP_DECISION)
  cliPost(hearth.home, ALBUMS_CHECKPOINT)
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await nexus.showView('lanes')
  await expect(nexus.laneHeaders).toHaveCount(2)

  // Written by other processes while the lanes are on screen.
  cliPost(hearth.home, AVIF_DECISION)
  cliPost(hearth.home, { agent: 'lyra', type: 'ack', summary: 'Will write WebP thumbnails', refs: '1' })
  cliPost(hearth.home, { agent: 'ella', type: 'turn', summary: 'Wired the thumbnail cache to the gallery' })
  await expect(nexus.laneHeaders).toHaveCount(3)
  expect(
    await nexus.laneHeaders.evaluateAll((heads) => heads.map((head) => head.getAttribute('data-author')))
  ).toEqual(['ella', 'lyra', 'claude-code'])
  await expect(nexus.laneEntries('ella')).toHaveCount(2)
  expect(
    await nexus.laneEntries('ella').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-seq')))
  ).toEqual(['1', '5'])
  expect(
    await nexus.laneEntries('lyra').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-seq')))
  ).toEqual(['2', '4'])
  expect(
    await nexus
      .laneEntries('claude-code')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-seq')))
  ).toEqual(['3'])
  await expect(nexus.laneHeader('claude-code')).toContainText('via mcp:claude-code')
  await expect(nexus.laneHeader('lyra').getByTestId('nexus-lane-checkpoint')).toContainText(
    'Resized 40 of 90 albums'
  )
  // ella is a Hearth agent that has not had a turn yet: the 3 entries by others await its next turn.
  await expect(nexus.laneHeader('ella').getByTestId('nexus-lane-unread')).toHaveText('3 unread')

  // Conflicting decisions point at each other; the ack points at what it acknowledges.
  await expect(nexus.laneEntry(1).locator('[data-testid="nexus-ref-chip"][data-target="3"]')).toHaveText(
    '⚠ conflicts with #3'
  )
  await expect(nexus.laneEntry(1).locator('[data-testid="nexus-ref-chip"][data-target="4"]')).toHaveText(
    '↩ acked by #4'
  )
  const ackChip = nexus.laneEntry(4).locator('[data-testid="nexus-ref-chip"][data-target="1"]')
  await expect(ackChip).toHaveText('↳ acks #1')
  await expect(nexus.laneEntry(1)).not.toHaveAttribute('data-focused', 'true')
  await ackChip.hover()
  await expect(nexus.laneEntry(1)).toHaveAttribute('data-focused', 'true')
  await snap(page, 'nexus-lanes')
  await ackChip.click()
  await page.mouse.move(5, 5)
  await expect(nexus.laneEntry(1)).toHaveAttribute('data-focused', 'true')
  await expect(nexus.laneEntry(4)).not.toHaveAttribute('data-focused', 'true')

  await nexus.showView('timeline')
  await expect(nexus.timelineEntries).toHaveCount(5)
})

test('lanes stay readable with six authors and a long log: columns scroll sideways, older entries load on demand', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', '# About me\n\nI build a photo app.\n')
  const authors = ['ella', 'lyra', 'otto', 'claude-code', 'codex', 'user']
  const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
  try {
    for (let index = 0; index < 330; index++) {
      const agent = authors[(index * 5 + Math.floor(index / 6)) % authors.length] as string
      const refs = index > 10 && index % 9 === 0 ? [index - 3] : undefined
      await rpc.call('nexus.post', {
        agent,
        type: refs ? 'ack' : 'turn',
        summary: `Step ${index + 1} of the photo import by ${agent}`,
        ...(refs ? { refs } : {})
      })
    }
  } finally {
    rpc.close()
  }
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await nexus.showView('lanes')
  await expect(nexus.laneHeaders).toHaveCount(6)
  await expect(nexus.lanes).toContainText('newest 300 of 330')
  const scroller = nexus.lanes.locator('.lanes__scroll')
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  await snap(page, 'nexus-lanes-many')
  await scroller.evaluate((element) => element.scrollTo({ top: 0, left: element.scrollWidth }))
  await page.getByTestId('nexus-load-older').click()
  await expect(nexus.lanes).toContainText('330 entries')
  await expect(nexus.laneEntry(1)).toBeVisible()
  await snap(page, 'nexus-lanes-scrolled')
})
