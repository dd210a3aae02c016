import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { blocksOf, startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import {
  answeredChatRequests,
  copiesIn,
  currentUserTexts,
  systemText,
  type ModelRequest
} from '../fixtures/modelRequests'
import { forgetHostOutage } from '../fixtures/hostOutage'
import { snap } from '../fixtures/screenshots'
import { ChatPage } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { MemoriesPage } from '../pages/MemoriesPage'
import { ReviewPage } from '../pages/ReviewPage'
import { SettingsPage } from '../pages/SettingsPage'

const RULE = 'Always answer in British English.'
const FACT = 'The release lead signs off every release'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

let step = 0
/** One screenshot per step of the day, numbered in order. */
async function shot(page: Page, name: string): Promise<void> {
  step += 1
  await snap(page, `journey-${String(step).padStart(2, '0')}-${name}`)
}

const chatRequests = (): ModelRequest[] => answeredChatRequests(fake)
const lastRequest = (): ModelRequest | undefined => chatRequests().at(-1)

/** What the user types into Settings to reach the model: the endpoint and its key. */
async function connectInSettings(app: HearthApp, page: Page): Promise<void> {
  await app.goTo('settings')
  const settings = new SettingsPage(page)
  // The endpoint first: a key is bound to the address it was entered for.
  await settings.saveModelSettings({ baseUrl: fake.url })
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved to config.json.')
  await settings.saveApiKey('sk-journey')
  await expect(settings.keyStatus).toContainText('Configured')
}

test('a day with Hearth', async ({ page, hearth, pageProblems }) => {
  test.slow()
  fake.reset()
  step = 0
  const site = join(hearth.home, 'projects', 'site')
  mkdirSync(site, { recursive: true })
  writeFileSync(join(site, 'AGENTS.md'), `# Site\n\n${RULE}\n`)
  const app = new HearthApp(page)
  const chat = new ChatPage(page)

  // Morning: the first run, a key, and a second agent.
  await app.open(hearth.url)
  await app.completeFirstRun('Ada', '# About me\n\nI run the website and its releases.\n')
  await connectInSettings(app, page)
  await shot(page, 'settings-connected')
  await app.createAgent('Bo')
  await expect(app.agent('bo')).toHaveAttribute('aria-current', 'true')
  await app.goTo('chat')
  await expect(page.getByTestId('chat-section').getByText('with Bo', { exact: true })).toBeVisible()
  await shot(page, 'two-agents')
  await app.agent('ada').click()
  await expect(page.getByTestId('chat-section').getByText('with Ada', { exact: true })).toBeVisible()

  // Ada works in the site's folder: its rules reach the model.
  await chat.chooseProjectFolder(site)
  await expect(chat.projectRules).toHaveText('AGENTS.md loaded')
  fake.script('Right, the colour scheme is in theme.css.')
  await chat.send('Where is the colour scheme defined?')
  await chat.waitForTurns(1)
  expect(systemText(lastRequest())).toContain(RULE)
  expect(lastRequest()?.messages).toHaveLength(1)
  await shot(page, 'project-folder-chat')

  // A memory write with its receipt, undone: MEMORY.md is back as it was.
  const memoryPath = join(hearth.home, 'agents', 'ada', 'MEMORY.md')
  const before = readFileSync(memoryPath)
  fake.script(
    {
      toolUses: [
        {
          name: 'memory',
          input: { action: 'add', target: 'memory', content: 'The colour scheme lives in theme.css' }
        }
      ]
    },
    'Noted for next time.'
  )
  await chat.send('Remember where the colour scheme is.')
  await chat.waitForTurns(2)
  const receipt = page.getByTestId('memory-receipt')
  await expect(receipt).toContainText('Saved to MEMORY.md')
  expect(blocksOf(lastRequest()?.messages.at(-1)).map((block) => block.type)).toEqual(['tool_result'])
  await receipt.getByRole('button', { name: 'Undo' }).click()
  await expect(receipt).toContainText('Undone — was saved to MEMORY.md')
  expect(readFileSync(memoryPath).equals(before)).toBe(true)
  await shot(page, 'memory-write-undone')

  // The model is overloaded: the turn fails, Retry runs it on the stored message, once.
  fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
  await chat.send('Which pages use the dark theme?')
  await expect(page.getByTestId('chat-turn-failed')).toContainText('overloaded')
  await expect(chat.footers()).toHaveCount(2)
  await shot(page, 'failed-turn')
  const answeredBefore = chatRequests().length
  fake.script('The blog and the docs pages.')
  await chat.retry.click()
  await expect(chat.assistantMessages().last()).toContainText('The blog and the docs pages.')
  await chat.waitForTurns(3)
  expect(chatRequests()).toHaveLength(answeredBefore + 1)
  expect(copiesIn(lastRequest(), 'Which pages use the dark theme?')).toBe(1)
  expect(lastRequest()?.messages.at(-1)?.role).toBe('user')
  await expect(chat.userMessages('Which pages use the dark theme?')).toHaveCount(1)
  await shot(page, 'failed-turn-retried')

  // Bo's chat knows nothing of Ada's folder or chat; the Inspector shows only the open chat's calls.
  await app.agent('bo').click()
  await expect(chat.projectPath).toHaveText('No project')
  fake.script('I can draft posts and check links.')
  await chat.send('Hi Bo, what can you do?')
  await chat.waitForTurns(1)
  expect(systemText(lastRequest())).not.toContain(RULE)
  expect(lastRequest()?.messages).toHaveLength(1)
  await chat.inspectTurn(0)
  await expect(chat.inspectorScope).toHaveText(/^Bo · “What can you do\?” · turn 1 · call #\d+$/)
  await expect(chat.inspectorCalls()).toHaveCount(1)
  await expect(chat.inspectorCalls()).toContainText('Hi Bo, what can you do?')
  // Ada's call (with her project's rules) is not listed. Her turn may reach Bo only as the Nexus entry
  // Hearth writes after a turn that changed memory: the shared log is every agent's by design.
  await expect(chat.inspectorCalls()).not.toContainText(RULE)
  await expect(chat.inspectorCalls()).toContainText('turn · ada')
  await shot(page, 'inspector-bo')
  await app.agent('ada').click()
  await expect(chat.inspectorScope).toHaveText('Ada · no chat open')
  await expect(chat.inspectorCalls()).toHaveCount(0)
  await chat.inspectorChat.selectOption({ label: 'Where is the colour scheme defined?' })
  await expect(chat.inspectorScope).toHaveText(
    /^Ada · “Where is the colour scheme defined\?” · turn 3 · calls #\d+–#\d+$/
  )
  await expect(chat.inspectorCalls().first().getByTestId('inspector-miss')).toHaveText(
    'Cache: not used — this call got no answer, so nothing was read, written or billed.'
  )
  await expect(chat.inspectorCalls().last()).toContainText('Which pages use the dark theme?')
  await expect(page.getByTestId('inspector-section')).not.toContainText('Hi Bo')
  await shot(page, 'inspector-ada')

  // The host goes away mid-thought: Send waits, the draft stays; after the restart it is still there.
  await app.goTo('chat')
  await hearth.stop()
  await expect(page.getByTestId('connection-banner')).toBeVisible()
  await chat.composer.fill('Who signs off the release?')
  await expect(chat.sendButton).toBeDisabled()
  await shot(page, 'disconnected')
  await hearth.restart()
  await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 20_000 })
  // Quitting ended the open sessions; the unsent draft comes along into a new chat.
  await expect(page.getByTestId('chat-ended-draft')).toBeVisible()
  await shot(page, 'reconnected-draft-kept')
  await connectInSettings(app, page)
  await app.goTo('chat')
  await chat.newChat.click()
  await expect(chat.composer).toHaveValue('Who signs off the release?')
  await expect(chat.projectPath).toHaveText(site)
  fake.script(`${FACT}, usually on Tuesdays.`)
  await chat.sendButton.click()
  await chat.waitForTurns(1)
  expect(copiesIn(lastRequest(), 'Who signs off the release?')).toBe(1)
  expect(systemText(lastRequest())).toContain(RULE)

  // End session: retention proposes a fact, reviewed and approved.
  const messageId = await chat.userMessages('Who signs off the release?').getAttribute('data-message-id')
  fake.setToolInput('record_memory_candidates', {
    candidates: [
      {
        text: FACT,
        type: 'project_fact',
        speaker: 'user',
        entities: ['release'],
        quote: 'Who signs off the release?',
        message_id: messageId
      }
    ]
  })
  await chat.endSession.click()
  await expect(page.getByTestId('chat-ended-outcome')).toContainText('It left 1 candidate for your review.')
  await shot(page, 'session-ended')
  await page.getByRole('link', { name: 'See it in Review' }).click()
  const review = new ReviewPage(page)
  await expect(page.getByTestId('review-group').getByRole('heading')).toHaveText([
    'Ada · “Who signs off the release?” · 1 candidate'
  ])
  await expect(review.candidate(FACT)).toContainText(
    'You said it in message 1 of “Who signs off the release?”'
  )
  await shot(page, 'review-candidate')
  await review
    .candidate(FACT)
    .getByRole('button', { name: /^Approve/ })
    .click()
  await expect(page.getByTestId('review-empty')).toBeVisible()

  // The approved fact is recalled in a new chat…
  await app.goTo('chat')
  await chat.newChat.click()
  fake.script('The release lead does.')
  await chat.send('Remind me who signs off a release?')
  await chat.waitForTurns(1)
  expect(currentUserTexts(lastRequest()).join('\n')).toContain(FACT)

  // …until it is forgotten in Memories; then the model no longer hears of it.
  const memories = new MemoriesPage(page)
  await memories.open()
  await memories.fact(FACT).getByRole('button', { name: 'Forget' }).click()
  await expect(memories.notice).toContainText(`Forgotten: “${FACT}”`)
  await expect(memories.forgotten).toContainText([`${FACT} · fact`])
  await shot(page, 'fact-forgotten')
  await app.goTo('chat')
  fake.script('I do not know who signs off releases.')
  await chat.send('So who signs off a release?')
  await chat.waitForTurns(2)
  expect(currentUserTexts(lastRequest()).join('\n')).not.toContain(FACT)
  await shot(page, 'after-forgetting')

  forgetHostOutage(pageProblems)
})
