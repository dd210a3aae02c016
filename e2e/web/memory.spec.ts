import Database from 'better-sqlite3'
import { present } from '../../src/core/testing/callCore'
import { join } from 'node:path'
import { blocksOf, startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { connectModel, rpcClient } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { ReviewPage } from '../pages/ReviewPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('a session ends into the inbox; one candidate is edited and approved, one rejected; the next session recalls the approved fact', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI work on the billing service.\n')
  const rpc = await rpcClient(hearth.port, hearth.token, hearth.origin)
  try {
    await connectModel(rpc, fake.url)

    fake.script('Got it: Tuesdays, after the review.')
    const turn = await rpc.call('chat.send', {
      agentId: 'scribe',
      text: 'We release the billing service on Tuesdays after the review. Also I had coffee.'
    })
    await expect
      .poll(async () => (await rpc.call('sessions.get', { id: turn.sessionId })).messages.length)
      .toBe(2)
    const messageId = String(
      present((await rpc.call('sessions.get', { id: turn.sessionId })).messages[0], 'the user message').id
    )
    fake.setToolInput('record_memory_candidates', {
      candidates: [
        {
          text: 'Billing releases happen on tuesdays',
          type: 'decision',
          speaker: 'user',
          entities: ['billing'],
          quote: 'We release the billing service on Tuesdays',
          message_id: messageId
        },
        {
          text: 'The user had coffee',
          type: 'user_fact',
          speaker: 'user',
          entities: [],
          quote: 'I had coffee',
          message_id: messageId
        }
      ]
    })
    const ended = await rpc.call('sessions.end', { id: turn.sessionId })
    expect(ended.candidates).toHaveLength(2)

    await expect(app.nav('review')).toContainText('2')
    const review = new ReviewPage(page)
    await review.open()
    await expect(review.candidates).toHaveCount(2)
    await expect(review.focused).toContainText('Billing releases happen on tuesdays')
    await expect(review.focused.getByTestId('candidate-provenance')).toContainText(
      'You said it in message 1 of “We release the billing service on Tuesdays”'
    )
    await snap(page, 'review-inbox-two-candidates')

    await review.press('e')
    await review.editor.fill('Billing service releases go out on Tuesdays, after the release review')
    await snap(page, 'review-editing-candidate')
    await review.editor.press('Enter')
    await expect(review.candidates).toHaveCount(1)
    await expect(review.focused).toContainText('The user had coffee')
    await review.press('r')
    await expect(page.getByTestId('review-empty')).toBeVisible()
    await expect(app.nav('review')).not.toContainText('1')

    fake.script('Tuesdays.')
    const next = await rpc.call('chat.send', {
      agentId: 'scribe',
      text: 'Which day do billing releases go out?'
    })
    await expect
      .poll(async () => (await rpc.call('sessions.get', { id: next.sessionId })).messages.length)
      .toBe(2)
    const sent = fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body
    const fence = blocksOf(sent?.messages.at(-1))
      .map((block) => block.text ?? '')
      .join('\n')
    expect(fence).toContain('<memory-context>')
    expect(fence).toContain('- Billing service releases go out on Tuesdays, after the release review')
    expect(fence).not.toContain('coffee')

    // The recall was pushed while the inbox was open; the chat shows it on the turn it belongs to.
    await app.goTo('chat')
    await page
      .getByTestId('chat-session-item')
      .filter({ hasText: 'Which day do billing releases go out?' })
      .click()
    const recalled = page
      .getByTestId('chat-turn')
      .filter({ hasText: 'Which day do billing releases go out?' })
      .getByTestId('recalled-chip')
    await recalled.getByRole('button', { name: /Recalled this turn: 1 memory/ }).click()
    await expect(recalled.getByTestId('recalled-item')).toContainText(
      'Billing service releases go out on Tuesdays'
    )
    await snap(page, 'chat-recalled-chip')
  } finally {
    rpc.close()
  }
})

test('twenty candidates fit on one screen and are decided from the keyboard, without dialogs', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI write Go.\n')
  const db = new Database(join(hearth.home, 'hearth.db'))
  try {
    const insert = db.prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, quote, session_id, message_id, origin, created_at, updated_at)
       VALUES ('scribe', 'pending', ?, 'user', ?, 'from the transcript', ?, ?, 'retention', 1, 1)`
    )
    const types = ['decision', 'user_fact', 'project_fact', 'error_fix', 'preference']
    for (let i = 0; i < 20; i++)
      insert.run(
        types[i % 5],
        `Candidate fact number ${i + 1} about the build pipeline and its caches`,
        i < 12 ? 'sess-a' : 'sess-b',
        String(i + 1)
      )
  } finally {
    db.close()
  }
  const review = new ReviewPage(page)
  await review.open()
  await expect(review.candidates).toHaveCount(20)
  const viewport = page.viewportSize() as { height: number }
  const last = await review.candidates.last().boundingBox()
  expect(last && last.y + last.height).toBeLessThanOrEqual(viewport.height)
  await snap(page, 'review-twenty-candidates')

  await review.press('x')
  await review.press('j')
  await review.press('x')
  await review.press('j')
  await review.press('x')
  await expect(page.getByTestId('review-batch')).toContainText('3 selected')
  await review.press('a')
  await expect(review.candidates).toHaveCount(17)
  await review.press('r')
  await expect(review.candidates).toHaveCount(16)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await snap(page, 'review-after-batch')

  await review.press('m')
  const merge = page.getByTestId('merge-panel')
  await expect(merge).toBeVisible()
  await merge
    .getByTestId('merge-text')
    .fill('Candidate fact number 1 about the build pipeline, merged with number 7')
  await expect(merge.getByTestId('merge-diff')).toBeVisible()
  await snap(page, 'review-merge-diff')
  await merge.getByTestId('merge-confirm').click()
  await expect(review.candidates).toHaveCount(15)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
