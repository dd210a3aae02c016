import { textsOf, startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { present } from '../../src/core/testing/callCore'
import { expect, test } from '../fixtures/hearth'
import { approvedFromChat } from '../fixtures/retention'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('the Inspector shows the per-turn blocks the model saw in full, each recalled item linked to where it lives with its score in words', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  const chat = new ChatPage(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep a vegetable garden.\n')
  await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await approvedFromChat(fake, rpc, 'Planning: the greenhouse gets tomatoes this spring.', [
      'The greenhouse grows tomatoes'
    ])
    await rpc.call('agents.create', { name: 'Ella' })
    await rpc.call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Water the greenhouse by drip line',
      rationale: 'Hand watering missed days in July'
    })
  })
  await app.goTo('chat')
  await page.getByRole('button', { name: 'New chat' }).first().click()
  fake.script('Tomatoes, watered by drip line.')
  await chat.send('What grows in the greenhouse?')
  await chat.waitForTurns(1)

  await chat.inspectTurn(0)
  const memory = page.getByRole('region', { name: '<memory-context> from recall' })
  const nexus = page.getByRole('region', { name: '<nexus-context> from nexus' })
  // Every byte: the fenced text as sent, the same text the fake model received.
  const sent = fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body
  const [, memoryText, nexusText] = textsOf(sent?.messages.at(-1))
  await expect(memory.getByTestId('inspector-context-text')).toHaveText(
    present(memoryText, 'the memory fence')
  )
  await expect(nexus.getByTestId('inspector-context-text')).toHaveText(present(nexusText, 'the nexus fence'))
  await expect(memory.getByTestId('inspector-context-text')).toContainText('The greenhouse grows tomatoes')
  await expect(nexus.getByTestId('inspector-context-text')).toContainText('Water the greenhouse by drip line')
  const recalled = memory
    .getByTestId('inspector-context-item')
    .filter({ hasText: 'The greenhouse grows tomatoes' })
  await expect(recalled.getByTestId('inspector-context-why')).toContainText('1st of 1 recalled for this turn')
  await expect(recalled.getByTestId('inspector-context-why')).toContainText('It is not a percentage')
  await expect(nexus.getByTestId('inspector-context-why')).toContainText(
    'Awaiting this agent’s acknowledgement'
  )
  await memory.scrollIntoViewIfNeeded()
  await snap(page, 'inspector-context-blocks')

  // The recalled fact opens in Memories, marked.
  await recalled.getByRole('button', { name: /^Fact #\d+ in Memories$/ }).click()
  await expect(app.nav('memories')).toHaveAttribute('aria-current', 'page')
  const fact = page.getByTestId('memory-fact').filter({ hasText: 'The greenhouse grows tomatoes' })
  await expect(fact).toHaveAttribute('data-focused', 'true')
  await snap(page, 'inspector-context-fact-opened')

  // The Nexus entry opens in the timeline, marked.
  await app.goTo('inspector')
  await nexus.getByRole('button', { name: /^Nexus entry #\d+$/ }).click()
  await expect(app.nav('nexus')).toHaveAttribute('aria-current', 'page')
  const entry = page
    .getByTestId('nexus-timeline')
    .getByTestId('nexus-entry')
    .filter({ hasText: 'Water the greenhouse by drip line' })
  await expect(entry).toHaveAttribute('data-focused', 'true')
  await snap(page, 'inspector-context-nexus-opened')
})
