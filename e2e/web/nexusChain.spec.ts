import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'
import { NexusPage } from '../pages/NexusPage'

test('the chain’s status says what its last check recomputed: new entries after a whole check, everything on Verify', async ({
  page,
  hearth
}) => {
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Ella', 'I write Quill, a notes app.\n')
  const post = (summary: string): Promise<unknown> =>
    withRpc(hearth, (rpc) => rpc.call('nexus.post', { agent: 'ella', type: 'turn', summary }))
  await post('Wrote the importer')
  await post('Wrote the exporter')
  const nexus = new NexusPage(page)
  await app.goTo('nexus')
  // Never checked before: every entry is recomputed.
  await expect(nexus.chain).toContainText('Chain intact · 2 entries')
  const whole = page.getByTestId('nexus-chain-whole')
  await expect(whole).toHaveCount(0)
  await expect(nexus.chain.getByText('Chain intact · 2 entries')).toHaveAttribute(
    'title',
    'Every hash recomputed from the entries'
  )

  // An append is checked a moment later, from where the last check ended.
  await post('Fixed the sync')
  await expect(nexus.chain).toContainText('Chain intact · 3 entries')
  await expect(whole).toContainText(/^whole chain recomputed \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  await expect(nexus.chain.getByText('Chain intact · 3 entries')).toHaveAttribute(
    'title',
    /^Entries up to #2 were recomputed on \d{4}-\d{2}-\d{2} \d{2}:\d{2}; the 1 entry after it was recomputed now\. Verify recomputes them all again\.$/
  )
  await snap(page, 'nexus-chain-resumed')

  await nexus.chain.getByRole('button', { name: 'Verify' }).click()
  await expect(whole).toHaveCount(0)
  await expect(nexus.chain.getByText('Chain intact · 3 entries')).toHaveAttribute(
    'title',
    'Every hash recomputed from the entries'
  )
})
