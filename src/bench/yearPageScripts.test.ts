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
})
