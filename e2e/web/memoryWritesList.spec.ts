import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const memoryWrite = (content: string) => ({
  toolUses: [{ name: 'memory', input: { action: 'add', target: 'memory', content } }]
})

test('Memories → Writes lists every memory write with its receipt and Undo, and each links to the chat turn that made it', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Scribe')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  const memoryPath = join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
  const chat = new ChatPage(page)
  fake.script(memoryWrite('The user drinks tea'), 'Saved: you drink tea.')
  await chat.send('I drink tea, remember that.')
  await chat.waitForTurns(1)
  fake.script(memoryWrite('The user lives in Lisbon'), 'Saved.')
  await chat.send('I live in Lisbon.')
  await chat.waitForTurns(2)
  await expect(page.getByTestId('memory-receipt')).toHaveCount(2)
  const title = await page.getByTestId('chat-session-item').first().innerText()

  await app.goTo('memories')
  await page.getByRole('tab', { name: 'Writes' }).click()
  const writes = page
    .getByRole('list', { name: 'Memory writes' })
    .getByRole('listitem')
    .filter({ has: page.getByTestId('memory-receipt') })
  await expect(writes).toHaveCount(2)
  await expect(writes.nth(0)).toContainText('Scribe wrote this with its memory tool in “')
  await expect(writes.nth(0)).toContainText('Saved to MEMORY.md')
  await expect(writes.nth(0)).toContainText('The user lives in Lisbon')
  await expect(writes.nth(1)).toContainText('The user drinks tea')
  await snap(page, 'memories-writes')

  // Undo from the list, not from the chat. The older write cannot go first: the newer one changed the file since.
  await writes.nth(1).getByRole('button', { name: 'Undo' }).click()
  await expect(writes.nth(1).getByRole('alert')).toContainText(
    'Cannot undo this write: MEMORY.md changed after it'
  )
  await writes.nth(0).getByRole('button', { name: 'Undo' }).click()
  await expect(writes.nth(0)).toContainText('Undone — was saved to MEMORY.md')
  await expect(writes.nth(0).getByRole('button', { name: 'Undo' })).toHaveCount(0)
  expect(readFileSync(memoryPath, 'utf8')).toBe('The user drinks tea')
  // The older write's refusal no longer holds, so it is not left on screen.
  await expect(writes.nth(1).getByRole('alert')).toHaveCount(0)
  await snap(page, 'memories-writes-undone')

  // The chat link opens the turn that made the write.
  const link = writes.nth(0).getByRole('button', { name: /^“/ })
  expect(title).toContain((await link.innerText()).replace(/[“”…]/g, '').slice(0, 10))
  await link.click()
  await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
  const focused = page.locator('[data-focused="true"]')
  await expect(focused).toContainText('I live in Lisbon.')
  // The chat's own receipt shows the undo made in Memories.
  await expect(
    page.getByTestId('memory-receipt').filter({ hasText: 'The user lives in Lisbon' })
  ).toContainText('Undone — was saved to MEMORY.md')
})
