import { describe, expect, it } from 'vitest'
import { useChromium } from './chromiumForTests'
import { scrollToEndScript } from './yearPageScripts'

// A list of 300 rows in a box of its own; its scroll handler stalls the page once, 2,000 px down.
const PAGE = `<!doctype html>
<div id="list" style="height: 300px; overflow-y: auto">
  ${Array.from({ length: 300 }, (_, i) => `<div class="row" style="height: 20px">row ${i}</div>`).join('')}
</div>
<script>
  let stalled = false
  document.getElementById('list').addEventListener('scroll', (event) => {
    if (stalled || event.target.scrollTop < 2000) return
    stalled = true
    const until = performance.now() + 90
    while (performance.now() < until) {}
  })
</script>`

interface Scrolled {
  frames: number[]
  over: string[]
  slow: { ms: number; scripts: string[] }[]
  rows: number
  stillLoading: number
}

/**
 * A section whose list loads 50 rows at a time, 300 ms after its "loading more" line comes within
 * 800 px of the view, as the app's lists do (two pages more, then the line goes), with a tall panel below the list; `answers` false
 * leaves the line loading for ever.
 */
function pagedList(answers: boolean): string {
  return `<!doctype html>
<div id="section" style="height: 300px; overflow-y: auto">
  <ul id="list" style="margin: 0"></ul>
  <p id="more" data-testid="more-on-scroll">loading more as you scroll…</p>
  <div style="height: 20000px">below the list</div>
</div>
<script>
  const list = document.getElementById('list')
  const section = document.getElementById('section')
  const more = document.getElementById('more')
  let pages = 0
  let loading = false
  const add = () => {
    for (let i = 0; i < 50; i++) list.insertAdjacentHTML('beforeend', '<li class="row" style="height: 20px">row</li>')
  }
  add()
  section.addEventListener('scroll', () => {
    if (loading || !more.isConnected || !${answers}) return
    const box = more.getBoundingClientRect()
    const view = section.getBoundingClientRect()
    if (box.top > view.bottom + 800 || box.bottom < view.top - 800) return
    loading = true
    setTimeout(() => {
      add()
      pages++
      loading = false
      if (pages === 2) more.remove()
    }, 300)
  })
</script>`
}

describe('the year bench scrolling a list to its end', () => {
  const browser = useChromium()

  it('times every frame and says what the longest one was made of', async () => {
    const page = await browser().newPage()
    await page.setContent(PAGE)
    const scrolled = await page.evaluate<Scrolled>(scrollToEndScript('.row', false))
    // 6,000 px less the box's 300, 600 px a frame.
    expect(scrolled.frames.length).toBe(10)
    expect(scrolled.rows).toBe(300)
    expect(Math.max(...scrolled.frames)).toBeGreaterThanOrEqual(90)
    const stall = scrolled.over.map((entry) => Number(entry.split('+')[1]))
    expect(Math.max(...stall)).toBeGreaterThanOrEqual(90)
    const longest = scrolled.slow[0]
    expect(longest?.ms).toBeGreaterThanOrEqual(90)
    expect(longest?.scripts.join(' ')).toMatch(/scroll \d+ ms/)
    await page.close()
  }, 15_000)

  /** The page's list scrolled to its end by the bench's script. */
  const scrollOn = async (html: string): Promise<Scrolled> => {
    const page = await browser().newPage()
    await page.setContent(html)
    const scrolled = await page.evaluate<Scrolled>(scrollToEndScript('.row', false))
    await page.close()
    return scrolled
  }

  it('waits at a list\'s "loading more" line for the next page instead of scrolling on past the list', async () => {
    expect(await scrollOn(pagedList(true))).toMatchObject({ rows: 150, stillLoading: 0 })
  }, 15_000)

  it('ends at a "loading more" line that stays, and counts it', async () => {
    expect(await scrollOn(pagedList(false))).toMatchObject({ rows: 50, stillLoading: 1 })
  }, 15_000)
})
