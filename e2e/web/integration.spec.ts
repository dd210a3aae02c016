import { readFileSync } from 'node:fs'
import { present } from '../../src/core/testing/callCore'
import type { MethodInput } from '../../src/shared/contract'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, rpcClient, type RpcClient } from '../pages/ChatPage'
import { FilesPage } from '../pages/FilesPage'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

/** How the features work together for one user: memory in the chat, the untrusted gate on any screen, provenance jumps. */

const MCP_FIXTURE = join(__dirname, '../../tests/fixtures/mcpServer/server.mjs')
const mcpServer = (args: string[], trusted: boolean) => ({
  command: process.execPath,
  args: [MCP_FIXTURE, ...args],
  env: {},
  trusted
})

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** Sends one message from a second client and waits until the reply is stored. */
async function chatTurn(
  rpc: RpcClient,
  input: MethodInput<'chat.send'>,
  reply: string
): Promise<{ sessionId: string; userMessageId: number }> {
  fake.script(reply)
  const turn = await rpc.call('chat.send', input)
  let userMessageId = 0
  await expect
    .poll(async () => {
      const detail = await rpc.call('sessions.get', { id: turn.sessionId })
      const mine = detail.messages.filter((m: { turnId: string }) => m.turnId === turn.turnId)
      userMessageId = mine[0]?.id ?? 0
      return mine.some((m: { kind: string; status: string }) => m.kind === 'reply' && m.status === 'complete')
    })
    .toBe(true)
  return { sessionId: turn.sessionId, userMessageId }
}

/** Ends a session with retention proposing one fact drawn from `messageId`; returns the candidate's id. */
async function endWithCandidate(
  rpc: RpcClient,
  sessionId: string,
  messageId: number,
  text: string,
  quote: string
): Promise<number> {
  fake.setToolInput('record_memory_candidates', {
    candidates: [
      { text, type: 'decision', speaker: 'user', entities: [], quote, message_id: String(messageId) }
    ]
  })
  const ended = await rpc.call('sessions.end', { id: sessionId })
  expect(ended.candidates).toHaveLength(1)
  const { candidates } = await rpc.call('review.list', { status: 'pending' })
  return present(
    candidates.find((c) => c.text === text),
    `a pending candidate "${text}"`
  ).id
}

test.describe('with an untrusted MCP server in the session', () => {
  test.use({
    seedFiles: {
      'config.json': JSON.stringify({ mcpServers: { scraper: mcpServer(['--count', '3'], false) } })
    }
  })

  test('the gate asks on any screen; the chat shows per turn what was recalled, what was saved, and a claim that was not', async ({
    page,
    hearth
  }) => {
    fake.reset()
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Scribe', '# About me\n\nI run the release train.\n')
    await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('chat-section')).toBeVisible()
    await snap(page, 'integration-opens-on-chat')

    const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
    try {
      await connectModel(rpc, fake.url)
      const earlier = await chatTurn(
        rpc,
        { agentId: 'scribe', text: 'Deploys go out on Fridays, after the freeze.' },
        'Understood.'
      )
      const id = await endWithCandidate(
        rpc,
        earlier.sessionId,
        earlier.userMessageId,
        'Deploys go out on Fridays',
        'Deploys go out on Fridays'
      )
      await rpc.call('review.approve', { id })
    } finally {
      rpc.close()
    }

    const chat = new ChatPage(page)
    fake.script(
      {
        toolUses: [
          {
            name: 'memory',
            input: { action: 'add', target: 'memory', content: 'The user drinks tea, not coffee' }
          }
        ]
      },
      'Saved to memory: you drink tea.'
    )
    await chat.send('When do deploys go out? Also, I drink tea, not coffee.')

    // The agent now waits for permission; the question follows the user to another screen.
    const files = new FilesPage(page)
    await files.show()
    const question = page.getByTestId('tool-confirmation')
    await expect(question).toContainText('Scribe wants to run memory')
    await expect(question).toContainText('The user drinks tea, not coffee')
    await snap(page, 'integration-confirmation-on-files')
    await question.getByRole('button', { name: 'Allow' }).click()
    await expect(question).toBeHidden()
    await expect
      .poll(() => readFileSync(join(hearth.home, 'agents', 'scribe', 'MEMORY.md'), 'utf8'))
      .toContain('The user drinks tea, not coffee')

    await files.open('memory')
    await expect(page.getByTestId('file-memory-budget')).toContainText(/\d+% — \d+\/[\d,]+ chars/)
    await snap(page, 'integration-files-memory-budget')

    await app.goTo('chat')
    await chat.waitForTurns(1)
    const first = chat.turns().first()
    await expect(first.getByTestId('memory-receipt')).toContainText('The user drinks tea, not coffee')
    await expect(first.getByTestId('unsaved-memory-claim')).toHaveCount(0)
    await first.getByRole('button', { name: /Recalled this turn: 1 memory/ }).click()
    await expect(first.getByTestId('recalled-item')).toContainText('Deploys go out on Fridays')

    fake.script("Got it, I'll remember that you take it with milk.")
    await chat.send('I take it with milk.')
    await chat.waitForTurns(2)
    const second = chat.turns().nth(1)
    await expect(second.getByTestId('unsaved-memory-claim')).toContainText("I'll remember")
    await expect(second.getByTestId('memory-receipt')).toHaveCount(0)
    await expect(first.getByTestId('memory-receipt')).toHaveCount(1)
    await snap(page, 'integration-chat-turn-memory')

    // After a reload nothing is pushed live any more: the chip and the receipts come from the core.
    await page.reload()
    await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
    await page.getByTestId('chat-session-item').filter({ hasText: 'When do deploys go out?' }).click()
    await expect(chat.turns()).toHaveCount(2)
    const reloadedFirst = chat.turns().first()
    const reloadedSecond = chat.turns().nth(1)
    await expect(reloadedFirst.getByTestId('memory-receipt')).toContainText('The user drinks tea, not coffee')
    await expect(reloadedSecond.getByTestId('memory-receipt')).toHaveCount(0)
    await expect(reloadedSecond.getByTestId('recalled-chip')).toHaveCount(0)
    await expect(reloadedSecond.getByTestId('unsaved-memory-claim')).toContainText("I'll remember")
    await reloadedFirst.getByRole('button', { name: /Recalled this turn: 1 memory/ }).click()
    await expect(reloadedFirst.getByTestId('recalled-item')).toContainText('Deploys go out on Fridays')
    await snap(page, 'integration-chat-turn-memory-after-reload')
  })
})

test("selecting another agent shows that agent's sessions, never the previous agent's open conversation", async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI run the release train.\n')
  const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
  try {
    await connectModel(rpc, fake.url)
    await chatTurn(rpc, { agentId: 'scribe', text: 'An older note for Scribe.' }, 'Noted.')
    await rpc.call('agents.create', { name: 'Lyra' })
    await chatTurn(rpc, { agentId: 'lyra', text: 'Lyra keeps the changelog.' }, 'I keep the changelog.')
  } finally {
    rpc.close()
  }
  const chat = new ChatPage(page)
  fake.script('Scribe here.')
  await chat.send('Scribe, what is on the release train?')
  await chat.waitForTurns(1)
  await expect(chat.turns().first()).toContainText('Scribe here.')

  await app.agent('lyra').click()
  await expect(app.agent('lyra')).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('chat-empty')).toBeVisible()
  await expect(chat.turns()).toHaveCount(0)
  const sessions = page.getByTestId('chat-session-item')
  await expect(sessions).toHaveCount(1)
  await expect(sessions.first()).toContainText('Lyra keeps the changelog')
  await snap(page, 'integration-agent-switch-lyra')

  fake.script('Lyra answering.')
  await chat.send('Lyra, anything new?')
  await chat.waitForTurns(1)
  await expect(chat.turns().first()).toContainText('Lyra answering.')
  await expect(sessions).toHaveCount(2)

  await app.agent('scribe').click()
  await expect(page.getByTestId('chat-empty')).toBeVisible()
  await expect(sessions).toHaveCount(2)
  await expect(page.getByRole('complementary', { name: 'Sessions' })).not.toContainText('Lyra')
  await sessions.filter({ hasText: 'Scribe, what is on the release train?' }).click()
  await expect(chat.turns().first()).toContainText('Scribe here.')
  await snap(page, 'integration-agent-switch-back')
})

test("a candidate's provenance opens Chat on its session, switching agent, with the source message highlighted", async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI run the release train.\n')
  const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
  let source = { sessionId: '', userMessageId: 0 }
  try {
    await connectModel(rpc, fake.url)
    const filler = 'This reply is long on purpose, so that the transcript needs scrolling. '.repeat(12)
    source = await chatTurn(
      rpc,
      { agentId: 'scribe', text: 'Our staging database is called heron.' },
      'Noted: heron is staging.'
    )
    for (let i = 1; i <= 5; i++)
      await chatTurn(
        rpc,
        { sessionId: source.sessionId, text: `Question ${i} about the release train?` },
        `${filler}(${i})`
      )
    await endWithCandidate(
      rpc,
      source.sessionId,
      source.userMessageId,
      'The staging database is called heron',
      'Our staging database is called heron'
    )
    await rpc.call('agents.create', { name: 'Lyra' })
  } finally {
    rpc.close()
  }
  await app.agent('lyra').click()
  await expect(app.agent('lyra')).toHaveAttribute('aria-current', 'true')

  const review = new ReviewPage(page)
  await review.open()
  const candidate = review.candidate('The staging database is called heron')
  await expect(candidate).toHaveAttribute('aria-current', 'true')
  await snap(page, 'integration-review-provenance')
  await review.jump(candidate).click()

  await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
  await expect(app.agent('scribe')).toHaveAttribute('aria-current', 'true')
  const chat = new ChatPage(page)
  const target = chat.message(source.userMessageId)
  await expect(target).toHaveText('Our staging database is called heron.')
  await expect(target).toHaveAttribute('data-focused', 'true')
  await expect(target).toBeInViewport()
  await expect(page.locator('[data-focused="true"]')).toHaveCount(1)
  await expect(page.locator('.chat-sessions__item[aria-current="true"]')).toContainText(
    'Our staging database is called heron'
  )
  await snap(page, 'integration-provenance-jump')
})

test.describe('with 120 MCP tools (tool search on)', () => {
  test.use({
    seedFiles: {
      'config.json': JSON.stringify({
        mcpServers: {
          devhub: mcpServer(['--profile', 'devhub'], true),
          workspace: mcpServer(['--profile', 'workspace'], true),
          data: mcpServer(['--profile', 'data'], true)
        }
      })
    }
  })

  test('the Inspector says which tools were deferred behind tool search', async ({ page, hearth }) => {
    fake.reset()
    const app = new HearthApp(page)
    await app.open(hearth.url)
    await app.completeFirstRun('Builder', 'Hi.\n')
    const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
    try {
      await connectModel(rpc, fake.url)
    } finally {
      rpc.close()
    }
    const chat = new ChatPage(page)
    fake.script(
      { toolUses: [{ name: 'tool_search', input: { query: 'create pull request', limit: 3 } }] },
      {
        toolUses: [
          {
            name: 'tool_call',
            input: {
              name: 'mcp__devhub__create_pull_request',
              arguments: { repo: 'acme/web', title: 'Fix', head: 'fix', base: 'main' }
            }
          }
        ]
      },
      'Opened it.'
    )
    await chat.send('Open a pull request for the fix')
    await chat.waitForTurns(1)
    await chat.inspectTurn(0)
    const note = page.getByTestId('inspector-deferred').last()
    await expect(note).toContainText('Tool search was on')
    await expect(note.getByTestId('inspector-deferred-called')).toContainText(
      'mcp__devhub__create_pull_request'
    )
    await expect(note.getByTestId('inspector-deferred-count')).toContainText('120 deferred tools')
    await expect(note.getByTestId('inspector-deferred-count')).toContainText('devhub 40')
    await note.scrollIntoViewIfNeeded()
    await snap(page, 'integration-inspector-deferred')
    await note.getByTestId('inspector-deferred-count').click()
    await expect(note.getByText('mcp__workspace__create_document')).toBeVisible()
    await snap(page, 'integration-inspector-deferred-list')
  })
})
