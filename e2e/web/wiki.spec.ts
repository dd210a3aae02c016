import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { approvedFromChat } from '../fixtures/retention'
import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { connectModel, withRpc } from '../pages/ChatPage'
import { ChatsPage } from '../pages/ChatsPage'
import { HearthApp } from '../pages/HearthApp'

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

test('the wiki shows a page per person, project and tool, each source opens where it lives, and Ctrl+K opens a page', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  const chats = new ChatsPage(page)
  await app.startWith(hearth.url, 'Scribe')
  await app.goTo('wiki')
  await expect(page.getByRole('heading', { name: 'No pages yet' })).toBeVisible()
  await snap(page, 'wiki-empty')

  const seq = await withRpc(hearth, async (rpc) => {
    await connectModel(rpc, fake.url)
    await approvedFromChat(fake, rpc, 'Ada Lovelace reviews the Atlas project budget every Friday.', [
      'Ada Lovelace reviews the Atlas project budget on Fridays',
      'Ada Lovelace wants PostgreSQL backups every night'
    ])
    const posted = await rpc.call('nexus.post', {
      agent: 'scribe',
      type: 'decision',
      summary: 'Keep the Atlas ledger in PostgreSQL',
      rationale: 'It already runs the invoices'
    })
    return posted.entry.seq as number
  })

  await page.getByRole('button', { name: 'Compile again' }).click()
  const pages = page.getByRole('navigation', { name: 'Wiki pages' })
  for (const [group, title] of [
    ['People', 'Ada Lovelace'],
    ['Projects', 'Atlas'],
    ['Tools', 'PostgreSQL']
  ] as const)
    await expect(
      pages.getByRole('region', { name: group }).getByRole('button', { name: new RegExp(title) })
    ).toBeVisible()
  const article = page.getByTestId('wiki-article')
  await expect(article.getByRole('heading', { name: 'Wiki' })).toBeVisible()
  await expect(article.getByRole('region', { name: 'Every page' }).getByRole('button')).toHaveCount(3)
  await snap(page, 'wiki-index')

  // A person's page: both facts, each citing its fact, and the pages named beside it.
  await pages.getByRole('button', { name: /Ada Lovelace/ }).click()
  await expect(article.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible()
  await expect(article.getByText('Person', { exact: true })).toBeVisible()
  await expect(article.getByRole('region', { name: 'Facts' }).getByTestId('wiki-citation')).toHaveCount(2)
  const namedWith = article.getByRole('region', { name: 'Named with' })
  await expect(namedWith.getByRole('button')).toHaveText(['Atlas', 'PostgreSQL'])
  await expect(article.getByText('nexus/wiki/ada-lovelace.md')).toBeVisible()
  await snap(page, 'wiki-person')

  // Linked both ways: PostgreSQL cites the decision and is linked from Ada Lovelace's page.
  await namedWith.getByRole('button', { name: 'PostgreSQL' }).click()
  await expect(article.getByRole('heading', { name: 'PostgreSQL' })).toBeVisible()
  const decisions = article.getByRole('region', { name: 'Decisions' })
  await expect(decisions).toContainText('Keep the Atlas ledger in PostgreSQL')
  await expect(decisions).toContainText('It already runs the invoices')
  await expect(article.getByRole('region', { name: 'Named with' }).getByRole('button')).toHaveText([
    'Ada Lovelace',
    'Atlas'
  ])
  await expect(decisions.getByTestId('wiki-citation')).toContainText('Scribe')
  await snap(page, 'wiki-tool')
  await page.emulateMedia({ colorScheme: 'dark' })
  await snap(page, 'wiki-tool-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // The decision opens in the Nexus timeline, marked.
  await decisions.getByRole('button', { name: `Open decision #${seq} in the Nexus` }).click()
  await expect(app.nav('nexus')).toHaveAttribute('aria-current', 'page')
  const entry = page
    .getByTestId('nexus-timeline')
    .getByTestId('nexus-entry')
    .filter({ hasText: 'Keep the Atlas ledger in PostgreSQL' })
  await expect(entry).toHaveAttribute('data-focused', 'true')

  // A fact opens in Memories, marked.
  await app.goTo('wiki')
  await expect(article.getByRole('heading', { name: 'PostgreSQL' })).toBeVisible()
  await article.getByRole('button', { name: /^Open fact \d+ in Memories$/ }).click()
  await expect(app.nav('memories')).toHaveAttribute('aria-current', 'page')
  const fact = page.getByTestId('memory-fact').filter({ hasText: 'PostgreSQL backups every night' })
  await expect(fact).toHaveAttribute('data-focused', 'true')

  // Ctrl+K finds the page by its words and opens it in the wiki.
  const box = chats.switcher.getByRole('searchbox', { name: 'Find chats and knowledge' })
  const wikiHit = chats.switcherGroup('Wiki pages').getByRole('option', { name: /^Atlas/ })
  await expect(async () => {
    await chats.openSwitcher()
    await box.fill('Atlas budget Fridays')
    await expect(wikiHit.first()).toBeVisible({ timeout: 2000 })
  }).toPass()
  await expect(wikiHit.first()).not.toContainText('not openable from here')
  // Wiki hits read as the page does, plain text with the words marked: no `#`, `[[…]]` or front matter.
  const wikiHits = chats.switcherGroup('Wiki pages').getByRole('option')
  await expect(wikiHits.first()).toBeVisible()
  for (const text of await wikiHits.allTextContents())
    expect(text).not.toMatch(/\[\[|\]\]|(^|\s)#{1,6}\s|^---|kind: /)
  await expect(wikiHit.first().locator('mark').first()).toHaveText(/Atlas|budget|Fridays/i)
  await snap(page, 'wiki-search-hit')
  await wikiHit.first().click()
  await expect(app.nav('wiki')).toHaveAttribute('aria-current', 'page')
  await expect(article.getByRole('heading', { name: 'Atlas' })).toBeVisible()
  await snap(page, 'wiki-opened-from-search')
})
