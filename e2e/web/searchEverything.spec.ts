import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { approvedFromChat } from '../fixtures/retention'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('Ctrl+K finds chats and knowledge in one search, grouped by kind, and each hit opens its source', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  const chats = new ChatsPage(page)
  const chat = new ChatPage(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI keep a vegetable garden.\n')
  await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    // A chat whose message (not its title) says "greenhouse", and a fact approved from it.
    await approvedFromChat(fake, rpc, 'Planning: the greenhouse gets tomatoes this spring.', [
      'The greenhouse grows tomatoes'
    ])
    await rpc.call('nexus.post', {
      agent: 'scribe',
      type: 'decision',
      summary: 'Water the greenhouse by drip line',
      rationale: 'Hand watering missed days in July'
    })
    await rpc.call('memory.apply', {
      agentId: 'scribe',
      target: 'memory',
      action: 'add',
      content: 'Greenhouse vents open above 24 degrees'
    })
    await rpc.call('skills.create', {
      name: 'seedlings',
      category: null,
      description: 'Prick out the seedlings once they show true leaves'
    })
    const state = await rpc.call('nexus.projectState.read', {})
    await rpc.call('nexus.projectState.save', {
      content: '# Project state\n\nGreenhouse build: frame done, glazing next.\n',
      baseHash: state.hash
    })
  })

  const box = chats.switcher.getByRole('searchbox', { name: 'Find chats and knowledge' })
  const search = async (query: string): Promise<void> => {
    await chats.openSwitcher()
    await box.fill(query)
  }
  await search('greenhouse')
  // The chat found by its message text, as the chat list finds it, with the word marked.
  await expect(chats.switcherChats).toHaveCount(1)
  await expect(chats.switcherChats.first()).toContainText('Planning: the greenhouse')
  await expect(chats.switcherChats.first().locator('mark').first()).toHaveText(/greenhouse/i)
  for (const group of ['Facts', 'Nexus', 'MEMORY.md', 'Project state'])
    await expect(chats.switcherGroup(group).getByRole('option').first()).toBeVisible()
  await expect(chats.switcherGroup('Facts')).toContainText('The greenhouse grows tomatoes')
  await expect(chats.switcherGroup('Nexus')).toContainText('drip line')
  await snap(page, 'search-everything-grouped')
  for (const theme of ['dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await snap(page, `search-everything-grouped-${theme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // A fact opens in Memories, marked and in view.
  await chats.switcherGroup('Facts').getByRole('option').first().click()
  await expect(chats.switcher).toBeHidden()
  await expect(app.nav('memories')).toHaveAttribute('aria-current', 'page')
  const fact = page.getByTestId('memory-fact').filter({ hasText: 'The greenhouse grows tomatoes' })
  await expect(fact).toHaveAttribute('data-focused', 'true')
  await expect(fact).toBeInViewport()
  await snap(page, 'search-everything-fact')

  // A Nexus decision opens in the timeline, marked.
  await search('drip line')
  // The author by the name the user gave the agent, not by its id.
  await expect(
    chats.switcherGroup('Nexus').getByRole('option', { name: /decision #\d+ by Scribe/ })
  ).toBeVisible()
  await chats.switcherGroup('Nexus').getByRole('option').first().click()
  await expect(app.nav('nexus')).toHaveAttribute('aria-current', 'page')
  const entry = page
    .getByTestId('nexus-timeline')
    .getByTestId('nexus-entry')
    .filter({ hasText: 'Water the greenhouse by drip line' })
  await expect(entry).toHaveAttribute('data-focused', 'true')
  await expect(entry).toBeInViewport()
  await snap(page, 'search-everything-nexus')

  // The project state opens beside the timeline; MEMORY.md in Files (by keyboard alone).
  await search('glazing')
  await chats.switcherGroup('Project state').getByRole('option').click()
  await expect(page.getByRole('tab', { name: 'Project state' })).toHaveAttribute('aria-selected', 'true')
  await search('vents')
  await expect(chats.switcherGroup('MEMORY.md').getByRole('option')).toHaveCount(1)
  await box.press('Enter')
  await expect(app.nav('files')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('tab', { name: /MEMORY\.md/ })).toHaveAttribute('aria-selected', 'true')

  // A skill opens in the Skills screen with its SKILL.md in the editor.
  await search('true leaves')
  const skillHit = chats.switcherGroup('Skills').getByRole('option', { name: /Skill seedlings/ })
  await expect(skillHit).not.toContainText('not openable from here')
  await snap(page, 'search-everything-skill-hit')
  await skillHit.click()
  await expect(app.nav('skills')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('file-path')).toContainText('skills/seedlings/SKILL.md')
  await snap(page, 'search-everything-skill-opened')

  // A chat hit opens the chat on its message.
  await search('greenhouse')
  await chats.switcherChats.first().click()
  await expect(app.nav('chat')).toHaveAttribute('aria-current', 'page')
  await expect(chat.transcriptList).toContainText('Planning: the greenhouse')

  // Words that match nothing say so.
  await search('zyzzyva')
  await expect(chats.switcher.getByText('Nothing matches.')).toBeVisible()
  await page.keyboard.press('Escape')
})
