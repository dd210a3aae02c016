import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic, type SentBody } from '../../tests/fakeAnthropic'
import { sentSystemText } from '../../src/core/testing/requestShape'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'
import { PromptPage } from '../pages/PromptPage'

const PERSONA = `# Scribe\n\n${'Scribe keeps careful notes, answers plainly, and checks facts before stating them. '.repeat(80)}\n`

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

function messageRequests(): (SentBody | undefined)[] {
  return fake.requests.filter((request) => request.path === '/v1/messages').map((request) => request.body)
}

test('a chat works in the project folder picked in its header, and its first request is the Prompt view byte for byte', async ({
  page,
  hearth
}) => {
  fake.reset()
  const site = join(hearth.home, 'projects', 'site')
  const docs = join(hearth.home, 'projects', 'docs')
  mkdirSync(site, { recursive: true })
  mkdirSync(docs, { recursive: true })
  writeFileSync(join(site, 'AGENTS.md'), '# Site\n\nUse British spelling in every reply.\n')
  writeFileSync(join(docs, 'CLAUDE.md'), '# Docs\n\nKeep answers under three sentences.\n')
  const { app, chat } = await startConnected(page, hearth, fake.url, {
    name: 'Scribe',
    id: 'scribe',
    profile: '# About me\n\nI build websites.\n',
    soul: PERSONA
  })
  await expect(chat.projectPath).toHaveText('No project')
  await expect(chat.projectRules).toContainText('no project')

  await chat.chooseProjectFolder(site)
  await expect(chat.projectPath).toHaveText(site)
  await expect(chat.projectRules).toHaveText('AGENTS.md loaded')
  await snap(page, 'project-folder-new-chat')

  const prompt = new PromptPage(page)
  await prompt.open()
  await expect(page.getByTestId('prompt-project-dir')).toHaveText(site)
  await expect(prompt.text).toContainText('Use British spelling in every reply.')
  const previewed = await prompt.text.textContent()

  await app.goTo('chat')
  fake.script('Colour noted.')
  await chat.send('Which spelling do we use?')
  await chat.waitForTurns(1)
  const [first] = messageRequests()
  expect(sentSystemText(first)).toBe(previewed)
  await expect(chat.projectPath).toHaveText(site)

  await chat.chooseProjectFolder(docs)
  const dialog = page.getByTestId('cache-break-dialog')
  await expect(dialog).toContainText('Another folder means a new chat')
  await expect(page.getByTestId('cache-break-cost')).toContainText(/about [\d.,]+k? tokens.*\$/)
  await snap(page, 'project-folder-change-cost')
  await dialog.getByRole('button', { name: 'Start a new chat' }).click()
  await expect(page.getByTestId('chat-empty')).toBeVisible()
  await expect(page.getByTestId('chat-notice')).toContainText(`New chat in ${docs}`)
  await expect(chat.projectPath).toHaveText(docs)
  await expect(chat.projectRules).toHaveText('CLAUDE.md loaded')

  fake.script('Short and sweet.')
  await chat.send('How long should answers be?')
  await chat.waitForTurns(1)
  const second = messageRequests().at(-1)
  expect(sentSystemText(second)).toContain('Keep answers under three sentences.')
  expect(sentSystemText(second)).not.toContain('British spelling')
  expect(second?.messages).toHaveLength(1)
  await expect(page.getByTestId('chat-session-item')).toHaveCount(2)
  await snap(page, 'project-folder-second-chat')

  // Another day: a reload, and a new chat still works in the last folder chosen for this agent.
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await page.getByRole('button', { name: 'New chat', exact: true }).click()
  await expect(chat.projectPath).toHaveText(docs)
})
