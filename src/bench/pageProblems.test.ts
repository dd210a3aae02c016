import { describe, expect, it } from 'vitest'
import { useChromium } from './chromiumForTests'
import { watchPageProblems, whatThePageShows } from './pageProblems'

const PAGE = `<!doctype html>
<div role="alert">Disconnected — reconnecting…</div>
<nav>Chat Review Nexus</nav>
<main><h1>Settings</h1><p>Model</p></main>
<script>
  console.log('not a problem')
  console.error('The Nexus could not be drawn')
  setTimeout(() => { throw new Error('lanes exploded') }, 0)
</script>`

describe('what a year bench that stopped says about its page', () => {
  const browser = useChromium()

  it('collects the page errors and console errors, and reads the banners and the section shown', async () => {
    const page = await browser().newPage()
    const problems = watchPageProblems(page)
    await page.setContent(PAGE)
    await expect.poll(() => problems.length).toBe(2)
    expect(problems).toEqual(['console error: The Nexus could not be drawn', 'page error: lanes exploded'])
    expect(await whatThePageShows(page)).toBe('[Disconnected — reconnecting…] Settings Model')
    await page.close()
    expect(await whatThePageShows(page)).toMatch(/^\(the page could not be read: /)
  })
})
