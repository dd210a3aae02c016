import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

test('the timeline search finds an agent’s entries by display name, and an entry by its number', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', 'I write Quill, a notes app.\n')
  await withRpc(hearth, async (rpc) => {
    await rpc.call('agents.create', { name: 'Lyra' })
    await rpc.call('nexus.post', { agent: 'ella', type: 'turn', summary: 'Wrote the importer' })
    await rpc.call('nexus.post', { agent: 'lyra', type: 'turn', summary: 'Reviewed the sync code' })
    await rpc.call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Quill stores notes in SQLite',
      rationale: 'One file to back up'
    })
    // Her display name now differs from her id: only the name says "Marsh".
    await rpc.call('agents.rename', { id: 'ella', name: 'Ella Marsh' })
  })
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  await expect(nexus.timelineEntries).toHaveCount(3)

  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill('Marsh')
  await expect(nexus.timelineEntries).toHaveCount(2)
  await expect(nexus.entry(1)).toBeVisible()
  await expect(nexus.entry(3)).toBeVisible()
  await snap(page, 'nexus-search-by-name')

  await search.fill('#2')
  await expect(nexus.timelineEntries).toHaveCount(1)
  await expect(nexus.entry(2)).toContainText('Reviewed the sync code')

  await search.fill('sync code')
  await expect(nexus.timelineEntries).toHaveCount(1)
  await expect(nexus.entry(2)).toBeVisible()
})
