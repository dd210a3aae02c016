import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { SCRIBE } from '../fixtures/agents'
import { startConnected } from '../pages/ChatPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('an emoji name gets a whole emoji avatar; a name over the limit is counted and refused before it is cut', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { app } = await startConnected(page, hearth, fake.url, SCRIBE)
  await app.createAgent('🦊 Fox')
  const fox = page.getByRole('button', { name: '🦊 Fox', exact: true })
  await expect(fox).toBeVisible()
  await expect(fox.locator('.agent-item__initial')).toHaveText('🦊')
  await expect(fox).not.toContainText('\uFFFD')
  // The empty chat speaks plainly about when the agent reads its files.
  await expect(page.getByTestId('chat-empty')).toContainText('once, when the chat starts')
  await expect(page.getByTestId('chat-empty')).not.toContainText('byte-identical')

  await page.getByRole('button', { name: 'New agent' }).click()
  const dialog = page.getByRole('dialog', { name: 'New agent' })
  const name = dialog.getByRole('textbox', { name: 'Agent name' })
  await name.fill('Ada')
  await expect(dialog.getByText('3 of 80 characters')).toBeVisible()
  await name.fill('x'.repeat(500))
  await expect(name).toHaveValue('x'.repeat(500)) // never cut silently
  await expect(dialog.getByText('500 of 80 characters')).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveText(
    'An agent name has at most 80 characters; this one has 420 too many.'
  )
  await snap(page, 'rough-edges-name-over-limit')
  await dialog.getByRole('button', { name: 'Create agent' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await snap(page, 'rough-edges-emoji-avatar')
})

test('a long paste becomes a text attachment with its count; a message over the limit says so before Send', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, SCRIBE)
  const pasted = `${'A line of a long log file. '.repeat(7_000)}END-OF-PASTE`
  // A real paste: the text goes on the system clipboard, then Ctrl+V in the message box.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(pasted)})`)
  await chat.input.focus()
  await page.keyboard.press('Control+V')
  const chip = page.getByTestId('draft-attachment')
  await expect(chip).toContainText('pasted text.txt')
  await expect(chip).toContainText(`pasted, ${pasted.length.toLocaleString('en-US')} characters`)
  await expect(chat.input).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Remove pasted text.txt' })).toBeVisible()
  await snap(page, 'rough-edges-paste-attached')

  fake.script('Read it.')
  await chat.send('What does the log say?')
  await chat.waitForTurns(1)
  const body = JSON.stringify(fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body)
  expect(body).toContain('END-OF-PASTE')
  expect(body).toContain('What does the log say?')

  await chat.input.fill('y'.repeat(200_001))
  const length = page.getByRole('status').filter({ hasText: 'of 200,000 characters' })
  await expect(length).toContainText('200,001 of 200,000 characters — 1 over the limit')
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
  await snap(page, 'rough-edges-message-over-limit')
  await length.getByRole('button', { name: 'Attach as a text file' }).click()
  await expect(chat.input).toHaveValue('')
  await expect(length).toBeHidden()
  await expect(page.getByTestId('draft-attachment')).toContainText('pasted, 200,001 characters')
})

test('"Hi Ella! …" is titled by its subject; Trash closes when another agent is picked', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { app, chat } = await startConnected(page, hearth, fake.url, SCRIBE)
  fake.script('Here is a plan.')
  await chat.send('Hi Ella! Can you plan the spring sowing?')
  await chat.waitForTurns(1)
  const list = page.getByRole('complementary', { name: 'Sessions' })
  await expect(list.getByText('Plan the spring sowing?')).toBeVisible()
  await snap(page, 'rough-edges-greeting-title')

  // A model typed for one chat is not left in the box when another chat opens.
  const modelBox = page.getByRole('textbox', { name: 'Model to switch to' })
  await modelBox.fill('claude-opus-4-1')
  await page.getByRole('button', { name: 'New chat', exact: true }).click()
  fake.script('Sown.')
  await chat.send('When do the beans go in?')
  await chat.waitForTurns(1)
  await expect(modelBox).toHaveValue('')

  await app.createAgent('Ella')
  await app.agent('scribe').click()
  await list.getByRole('button', { name: 'Trash' }).click()
  await expect(list.getByRole('list', { name: 'Trash' })).toBeVisible()
  await app.agent('ella').click()
  await expect(list.getByRole('list', { name: 'Trash' })).toBeHidden()
  await expect(list.getByRole('button', { name: 'Trash' })).toHaveAttribute('aria-pressed', 'false')
  await snap(page, 'rough-edges-trash-closed-on-agent-change')
})
