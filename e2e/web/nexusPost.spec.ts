import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** Opens the composer from the Nexus header and returns its dialog. */
async function openComposer(page: Page): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: 'Post to the Nexus' }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to the Nexus' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The user message text of the newest Messages API request (where the fenced blocks go). */
function lastUserText(): string {
  const call = fake.requests.filter((request) => request.path.endsWith('/v1/messages')).at(-1)
  const messages = (call?.body?.messages ?? []) as { role: string; content: unknown }[]
  const last = messages.filter((message) => message.role === 'user').at(-1)
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '')
}

test('the user posts a decision, a handoff and a note to the Nexus; agents are named, and the addressee sees the handoff', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Ella', '# About me\n\nI build a photo app.\n')
  await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await rpc.call('agents.create', { name: 'Lyra' })
    await rpc.call('nexus.post', { agent: 'ella', type: 'turn', summary: 'Resized the album covers' })
  })
  await page.reload()
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(1)

  // A decision without a rationale is refused in words, and nothing is lost.
  let dialog = await openComposer(page)
  await dialog.getByRole('radio', { name: /Decision/ }).check()
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Thumbnails are stored as WebP')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A decision needs a rationale: say why it was decided.')
  await dialog.getByRole('textbox', { name: 'Why (rationale)' }).fill('Half the size of JPEG')
  await expect(dialog.getByRole('textbox', { name: 'Summary' })).toHaveValue('Thumbnails are stored as WebP')
  await snap(page, 'nexus-post-decision')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('nexus-posted')).toContainText(
    'Posted #2 as you. Every agent is shown it before its next turn.'
  )
  await expect(nexus.entry(2)).toContainText('decision')
  await expect(nexus.entry(2)).toContainText('Why: Half the size of JPEG')
  await expect(nexus.entry(2).getByTestId('nexus-author')).toHaveText('user')

  // A handoff names its agent by name, and the room left counts the prefix.
  dialog = await openComposer(page)
  await dialog.getByRole('radio', { name: /Handoff/ }).check()
  await dialog.getByRole('combobox', { name: 'Hand to' }).selectOption({ label: 'Lyra' })
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Tag the album covers by year')
  await expect(dialog.getByText('163 characters left')).toBeVisible()
  await snap(page, 'nexus-post-handoff')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(nexus.entry(3)).toContainText('To Lyra: Tag the album covers by year')
  await expect(nexus.entry(3)).toContainText('handoff')

  dialog = await openComposer(page)
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Away until Monday')
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Reviews can wait.')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(nexus.entry(4)).toContainText('Away until Monday')
  await expect(nexus.entry(4)).toContainText('turn')
  await expect(page.getByTestId('nexus-decisions')).toContainText('Thumbnails are stored as WebP')

  // The agent filter lists agents by name; choosing one keeps its entries only.
  const agentFilter = page.getByRole('combobox', { name: 'Agent' })
  await expect(agentFilter.getByRole('option')).toHaveText(['All agents', 'Ella', 'user'])
  await agentFilter.selectOption({ label: 'Ella' })
  await expect(nexus.timelineEntries).toHaveCount(1)
  await expect(nexus.entry(1)).toContainText('Resized the album covers')
  await agentFilter.selectOption({ label: 'All agents' })
  await expect(nexus.timelineEntries).toHaveCount(4)
  await snap(page, 'nexus-posted-by-user')

  // Lyra's next turn is shown what the user posted, in the fenced Nexus block.
  await app.agent('lyra').click()
  await app.goTo('chat')
  fake.script('On it.')
  const chat = new ChatPage(page)
  await chat.send('Anything for me?')
  await chat.waitForTurns(1)
  const injected = lastUserText()
  expect(injected).toContain('<nexus-context>')
  expect(injected).toMatch(/\[#3 handoff · user · desktop · [^\]]+\] To Lyra: Tag the album covers by year/)
  expect(injected).toContain('rationale: Half the size of JPEG')
})
