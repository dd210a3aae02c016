import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const PERSONA = `# Scribe\n\n${'Scribe keeps careful notes, answers plainly, and checks facts before stating them. '.repeat(80)}\n`

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('after a memory edit and a prompt rebuild, the Inspector diffs the changed volatile tier line by line', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep zebras.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  const agentDir = join(hearth.home, 'agents', 'scribe')
  writeFileSync(join(agentDir, 'SOUL.md'), PERSONA)
  writeFileSync(join(agentDir, 'MEMORY.md'), 'The zebras are called Ada and Bo.\n')
  const chat = new ChatPage(page)
  await app.goTo('chat')

  fake.script('Zebras are striped horses.')
  await chat.send('Tell me about zebras')
  await chat.waitForTurns(1)

  // The frozen prompt ignores this edit until the user rebuilds it.
  writeFileSync(
    join(agentDir, 'MEMORY.md'),
    'The zebras are called Ada and Bo.\n§\nA third zebra, Cy, arrived in May.\n'
  )
  await page.getByTestId('chat-rebuild').click()
  await expect(page.getByTestId('cache-break-dialog')).toBeVisible()
  await page.getByTestId('cache-break-confirm').click()
  await expect(page.getByTestId('cache-break-dialog')).toBeHidden()

  fake.script('Three zebras now.')
  await chat.send('How many zebras are there?')
  await chat.waitForTurns(2)

  await chat.inspectTurn(1)
  const diff = page.getByTestId('inspector-request-diff').first()
  await expect(diff).toBeVisible()
  const system = diff.getByTestId('inspector-diff-system')
  await expect(system).toHaveAttribute('data-changed', 'true')
  await expect(system).toContainText('volatile changed')
  const volatile = system.locator('[data-testid="inspector-diff-tier"][data-tier="volatile"]')
  await expect(volatile).toHaveAttribute('data-status', 'changed')
  await expect(volatile).toContainText('MEMORY.md')
  await expect(
    volatile.locator('.diff-line.diff-add', { hasText: 'A third zebra, Cy, arrived in May.' })
  ).toBeVisible()
  await expect(system.locator('[data-testid="inspector-diff-tier"][data-tier="stable"]')).toHaveAttribute(
    'data-status',
    'same'
  )
  await expect(diff.getByTestId('inspector-diff-tools')).toHaveAttribute('data-changed', 'false')
  const messages = diff.getByTestId('inspector-diff-messages')
  await expect(messages).toContainText('1 kept · 0 changed · 2 new · 0 gone')
  await expect(messages.getByTestId('inspector-diff-kept')).toHaveText('#1 kept as sent before')
  await expect(messages.locator('[data-status="new"]').last()).toContainText('How many zebras are there?')
  await expect(diff.getByTestId('inspector-diff-breakpoints')).toHaveAttribute('data-changed', 'true')
  await expect(page.getByTestId('inspector-miss').first()).toContainText(/rebuilt/i)
  await diff.scrollIntoViewIfNeeded()
  await snap(page, 'inspector-diff-rebuild')
  await volatile.screenshot({ path: join('test-results', 'screenshots', 'inspector-diff-volatile.png') })
})

test('the Inspector says in plain words why each breakpoint got its cache lifetime', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep zebras.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  writeFileSync(join(hearth.home, 'agents', 'scribe', 'SOUL.md'), PERSONA)
  const chat = new ChatPage(page)
  await app.goTo('chat')

  fake.script('Zebras are striped horses.', 'In herds, mostly.')
  await chat.send('Tell me about zebras')
  await chat.waitForTurns(1)
  await chat.send('Do they live alone?')
  await chat.waitForTurns(2)

  await chat.inspectTurn(1)
  await expect(page.getByRole('heading', { name: 'Cache lifetimes' }).first()).toBeVisible()
  const lifetimes = page.getByTestId('inspector-breakpoint-ttl')
  const newest = lifetimes.filter({ hasText: 'newest message' }).first()
  await expect(newest).toContainText('1h')
  await expect(newest).toContainText(/auto: 1h — .* at the 1-hour price costs less than re-writing/)
  await expect(lifetimes.filter({ hasText: 'end of the stable tier' }).first()).toContainText(
    'like the conversation after it'
  )
  await newest.scrollIntoViewIfNeeded()
  await snap(page, 'inspector-cache-lifetimes')
})
