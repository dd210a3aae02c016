import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { blocksOf, startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import type { ServeProcess } from '../fixtures/serveProcess'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'
import { SettingsPage } from '../pages/SettingsPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const memoryWrite = (content: string) => ({
  toolUses: [{ name: 'memory', input: { action: 'add', target: 'memory', content } }]
})

/** A fresh app with agent Scribe, talking to the fake model; returns its MEMORY.md path. */
async function scribeWithModel(app: HearthApp, hearth: ServeProcess): Promise<string> {
  fake.reset()
  await app.startWith(hearth.url, 'Scribe')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  return join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
}

/** What the model was told about its memory call (the tool result of the turn's second request). */
function toolResultText(): string {
  const calls = fake.requests.filter((request) => request.path === '/v1/messages')
  const last = calls.at(-1)?.body?.messages.at(-1)
  const result = blocksOf(last).find((block) => block.type === 'tool_result')?.content
  return typeof result === 'string' ? result : JSON.stringify(result)
}

test('Undo on a receipt puts MEMORY.md back byte for byte, and is refused once the file changed', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  const memoryPath = await scribeWithModel(app, hearth)
  const original = Buffer.from('\uFEFFThe user writes Go\r\n§\r\nDeploys go out on Tuesdays\r\n', 'utf8')
  writeFileSync(memoryPath, original)

  const chat = new ChatPage(page)
  fake.script(memoryWrite('The user drinks tea'), 'Saved: you drink tea.')
  await chat.send('I drink tea, remember that.')
  await chat.waitForTurns(1)
  const receipt = page.getByTestId('memory-receipt')
  await expect(receipt).toContainText('Saved to MEMORY.md')
  expect(readFileSync(memoryPath, 'utf8')).toBe(
    'The user writes Go\n§\nDeploys go out on Tuesdays\n§\nThe user drinks tea'
  )
  await snap(page, 'memory-receipt-with-undo')

  await receipt.getByRole('button', { name: 'Undo' }).click()
  await expect(receipt.getByRole('status')).toHaveText(
    'Undone: MEMORY.md is back to exactly how it was before this write.'
  )
  await expect(receipt).toContainText('Undone — was saved to MEMORY.md')
  expect(readFileSync(memoryPath).equals(original)).toBe(true)
  await snap(page, 'memory-receipt-undone')

  // A second write, then an edit by hand: undoing the write now would lose the edit.
  fake.script(memoryWrite('The user lives in Lisbon'), 'Saved.')
  await chat.send('I live in Lisbon.')
  await chat.waitForTurns(2)
  const second = page.getByTestId('memory-receipt').filter({ hasText: 'Lisbon' })
  writeFileSync(memoryPath, `${readFileSync(memoryPath, 'utf8')}\n§\nWritten by hand`)
  await second.getByRole('button', { name: 'Undo' }).click()
  await expect(second.getByRole('alert')).toContainText('Cannot undo this write: MEMORY.md changed after it')
  expect(readFileSync(memoryPath, 'utf8')).toContain('Written by hand')
  await snap(page, 'memory-receipt-undo-refused')

  // After a reload the undone receipt still says so.
  await page.reload()
  await expect(page.getByTestId('loading')).toBeHidden()
  await page.getByTestId('chat-session-item').first().click()
  await expect(page.getByTestId('memory-receipt').filter({ hasText: 'The user drinks tea' })).toContainText(
    'Undone — was saved to MEMORY.md'
  )
})

test('"Ask me first": the agent\'s write waits in Review, is written on approval, and its receipt can be undone', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  const memoryPath = await scribeWithModel(app, hearth)

  await app.goTo('settings')
  await new SettingsPage(page).saveMemoryWrites('Ask me first')
  await snap(page, 'settings-memory-writes-ask')
  expect(JSON.parse(readFileSync(join(hearth.home, 'config.json'), 'utf8')).memory.agentWrites).toBe('ask')

  await app.goTo('chat')
  const chat = new ChatPage(page)
  fake.script(memoryWrite('The user prefers tabs'), 'I asked you to approve that in Review.')
  await chat.send('I prefer tabs. Remember it.')
  await chat.waitForTurns(1)
  expect(toolResultText()).toContain('awaits their approval')
  await expect(page.getByTestId('memory-pending-write')).toContainText(
    'Waiting for your approval. Nothing was written to MEMORY.md yet'
  )
  await snap(page, 'chat-memory-write-waiting')
  expect(readFileSync(memoryPath, 'utf8')).toBe('')
  await expect(page.getByTestId('memory-receipt')).toHaveCount(0)
  await expect(app.nav('review')).toContainText('1')

  const review = new ReviewPage(page)
  await review.open()
  await expect(review.focused).toContainText('The user prefers tabs')
  await expect(review.focused).toContainText('memory write · MEMORY.md')
  await expect(review.focused.getByTestId('candidate-write')).toContainText('+ The user prefers tabs')
  await expect(review.focused.getByTestId('candidate-provenance')).toContainText(
    'Scribe asked to write this in “I prefer tabs”'
  )
  await snap(page, 'review-memory-write-waiting')
  await review.focused.getByRole('button', { name: /Approve and write/ }).click()
  await expect(page.getByTestId('review-empty')).toBeVisible()
  expect(readFileSync(memoryPath, 'utf8')).toBe('The user prefers tabs')

  await app.goTo('chat')
  // The note beside the call follows the decision: no longer "waiting", and no Open Review.
  const note = page.getByTestId('memory-pending-write')
  await expect(note).toHaveAttribute('data-status', 'approved')
  await expect(note).toContainText('Approved in Review and written to MEMORY.md')
  await expect(note.getByRole('button', { name: 'Open Review' })).toHaveCount(0)
  await expect(page.getByTestId('tool-call-state')).toHaveText('proposed for your approval')
  await snap(page, 'chat-memory-write-approved')
  const receipt = page.getByTestId('memory-receipt')
  await expect(receipt).toContainText('The user prefers tabs')
  await receipt.getByRole('button', { name: 'Undo' }).click()
  await expect(receipt).toContainText('Undone — was saved to MEMORY.md')
  expect(readFileSync(memoryPath, 'utf8')).toBe('')
  await snap(page, 'chat-approved-write-undone')
})
