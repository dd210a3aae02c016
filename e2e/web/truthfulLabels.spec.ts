import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { SCRIBE } from '../fixtures/agents'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { startConnected } from '../pages/ChatPage'
import { FilesPage } from '../pages/FilesPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

const memoryAdd = (content: string) => ({
  toolUses: [{ name: 'memory', input: { action: 'add', target: 'memory', content } }]
})

/** Distinct entries of MEMORY.md that take exactly `chars` characters (the budget counts the "§" lines). */
function entriesOf(chars: number): string {
  const entries: string[] = []
  let used = 0
  for (let n = 1; used + 100 + 3 <= chars - 10; n++) {
    const entry = `Release note ${String(n).padStart(3, '0')}: `.padEnd(100, 'x')
    used += entry.length + (entries.length > 0 ? 3 : 0)
    entries.push(entry)
  }
  entries.push('y'.repeat(chars - used - 3))
  return entries.join('\n§\n')
}

test('a reply that broke off says what its retry came to: failed too, then answered', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, SCRIBE)

  // The reply breaks off after a few words: the part that arrived is kept.
  fake.fault({ kind: 'stream_error', afterDeltas: 2 })
  fake.script('The release checklist lives in docs/release.md, next to the changelog.')
  await chat.send('Where is the release checklist?')
  const broken = chat.assistantMessages().first()
  await expect(broken.getByTestId('chat-reply-status')).toHaveText(
    'failed midway — the part that arrived is kept'
  )
  await expect(chat.retry).toBeVisible()

  // Retry while the model is still down: the retry fails before any text arrives.
  fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
  await chat.retry.click()
  await expect(page.getByTestId('chat-turn-failed')).toBeVisible()
  await expect(broken.getByTestId('chat-reply-status')).toContainText('the retry did not answer either')
  await expect(broken).not.toContainText('answered instead')
  await expect(chat.retry).toBeVisible()
  await snap(page, 'truth-retry-failed')

  // The model is back: the retry answers, and only now does the old part say so.
  fake.script('It lives in docs/release.md.')
  await chat.retry.click()
  await expect(chat.assistantMessages().last()).toContainText('It lives in docs/release.md.')
  await expect(broken.getByTestId('chat-reply-status')).toContainText('the retry below answered instead')
  await expect(page.getByTestId('chat-turn-failed')).toBeHidden()
  await snap(page, 'truth-retry-answered')
})

test('a memory write the tool refused says "refused" with the reason; a saved one says done', async ({
  page,
  hearth
}) => {
  fake.reset()
  const { chat } = await startConnected(page, hearth, fake.url, SCRIBE)
  const memoryPath = join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
  writeFileSync(memoryPath, entriesOf(3_990))

  fake.script(memoryAdd('The user drinks green tea every morning'), 'I could not save that: memory is full.')
  await chat.send('I drink green tea every morning. Remember it.')
  await chat.waitForTurns(1)
  const refused = page.getByTestId('tool-call-card').first()
  await expect(refused.getByTestId('tool-call-state')).toHaveText('refused')
  await expect(refused.getByTestId('tool-call-reason')).toHaveText(
    'Memory is at 3,990/4,000 chars and this entry (39 chars) does not fit.'
  )
  await expect(refused).not.toContainText('done')
  await expect(page.getByTestId('memory-receipt')).toHaveCount(0)
  await snap(page, 'truth-memory-write-refused')

  // Room is made by hand; the same write now goes through, with its receipt.
  writeFileSync(memoryPath, entriesOf(1_000))
  fake.script(memoryAdd('The user drinks green tea every morning'), 'Saved.')
  await chat.send('Try again, there is room now.')
  await chat.waitForTurns(2)
  const saved = page.getByTestId('tool-call-card').nth(1)
  await expect(saved.getByTestId('tool-call-state')).toHaveText('done')
  await expect(saved.getByTestId('tool-call-reason')).toHaveCount(0)
  await expect(page.getByTestId('memory-receipt')).toContainText('Saved to MEMORY.md')
  await snap(page, 'truth-memory-write-done')
})

test('the MEMORY.md meter gives the true share, over the budget too, with the same count as its warning', async ({
  page,
  hearth
}) => {
  fake.reset()
  await startConnected(page, hearth, fake.url, SCRIBE)
  const memoryPath = join(hearth.home, 'agents', 'scribe', 'MEMORY.md')
  const files = new FilesPage(page)

  writeFileSync(memoryPath, entriesOf(1_600))
  await files.open('memory')
  const meter = page.getByTestId('file-memory-budget').getByTestId('memory-usage-meter')
  await expect(meter).toContainText('40% — 1,600/4,000 chars')
  await expect(meter).toHaveAttribute('data-tone', 'ok')
  await expect(page.getByTestId('memory-usage-over')).toHaveCount(0)
  await expect(page.getByTestId('injected-warning')).toHaveCount(0)
  await snap(page, 'truth-memory-meter-under')

  // Edited by hand past the budget: 4,520 of 4,000 is 113%, not "100%".
  writeFileSync(memoryPath, entriesOf(4_520))
  await files.tab('soul').click()
  await files.open('memory')
  await expect(meter).toContainText('113% — 4,520/4,000 chars')
  await expect(meter).toHaveAttribute('data-tone', 'over')
  await expect(page.getByTestId('memory-usage-over')).toHaveText(
    'over budget by 520 chars — the agent’s additions are refused until the file is trimmed'
  )
  await expect(page.getByTestId('injected-warning').first()).toContainText(
    'MEMORY.md is over its budget (113% — 4,520/4,000 chars)'
  )
  await snap(page, 'truth-memory-meter-over')
})
