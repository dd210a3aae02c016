// Scripts the year's view figures run inside the page, with the page's own clock (the bench is
// Node code without DOM types, so each is text). The element a script clicks was found by role
// and name in the bench and marked with TARGET; the script takes the mark off before clicking.

/** The line at the end of a list that loads its next page on scroll ("loading more as you scroll…"). */
const LOADING_MORE = '[data-testid="more-on-scroll"]'

/** The attribute that marks the element a script clicks. */
export const TARGET = 'data-bench-target'

const TAKE_TARGET = `const takeTarget = () => {
  const element = document.querySelector('[${TARGET}]')
  if (!element) throw new Error('nothing marked to click')
  element.removeAttribute('${TARGET}')
  return element
}`

/**
 * Clicks the marked element (a sidebar entry), then resolves to the ms
 * until the first frame in which at least one row matching the selector is in the page.
 */
export function navigateAndWaitScript(rowSelector: string): string {
  return `${TAKE_TARGET}
new Promise((resolve, reject) => {
  const nav = takeTarget()
  const selector = ${JSON.stringify(rowSelector)}
  const start = performance.now()
  let done = false
  const check = () => {
    if (done || !document.querySelector(selector)) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true })
  setTimeout(() => { if (!done) { observer.disconnect(); reject(new Error('no ' + selector + ' after 30 s')) } }, 30000)
  nav.click()
  check()
})`
}

/**
 * Scrolls the list whose rows match the selector to its end (its top when upward), 600 px a frame (its own scroller,
 * or the nearest scrolling ancestor). At the end, or at a line saying more is loading, it waits up
 * to 3 s for further rows (a list that loads its next page on scroll), and goes on while more arrive. Resolves to every frame's duration,
 * the longest task the page ran meanwhile, what the longest frames were made of, the rows there
 * at the end, and how many lines still say more is loading.
 */
export function scrollToEndScript(rowSelector: string, upward: boolean): string {
  return `(async () => {
  const selector = ${JSON.stringify(rowSelector)}
  const step = ${upward ? -600 : 600}
  const first = document.querySelector(selector)
  const scrollsAlone = (el) => {
    const style = getComputedStyle(el)
    return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1
  }
  let scroller = first && first.parentElement
  while (scroller && scroller !== document.body && !scrollsAlone(scroller)) scroller = scroller.parentElement
  if (!scroller || scroller === document.body) scroller = document.scrollingElement
  let longTask = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTask = Math.max(longTask, entry.duration)
  })
  try { observer.observe({ type: 'longtask', buffered: false }) } catch {}
  // What the longest frames were made of (Chromium's long-animation-frame entries): the page's
  // scripts, its style and layout, and the rest of the frame (rendering, or the main thread idle).
  const slow = []
  const made = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration
      const scripts = [...(entry.scripts || [])].sort((a, b) => b.duration - a.duration).slice(0, 3)
      slow.push({
        ms: Math.round(entry.duration),
        at: Math.round(entry.startTime),
        blocking: Math.round(entry.blockingDuration || 0),
        render: Math.round(entry.renderStart ? end - entry.renderStart : 0),
        styleLayout: Math.round(entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0),
        scripts: scripts.map((s) => (s.invoker || s.invokerType) + ' ' + Math.round(s.duration) + ' ms (forced layout ' + Math.round(s.forcedStyleAndLayoutDuration || 0) + ')')
      })
    }
    slow.sort((a, b) => b.ms - a.ms)
    slow.length = Math.min(slow.length, 5)
  })
  try { made.observe({ type: 'long-animation-frame', buffered: false }) } catch {}
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
  const frames = []
  const over = []
  let last = performance.now()
  const tick = async () => {
    await frame()
    const now = performance.now()
    frames.push(now - last)
    if (now - last > 40) over.push(Math.round(last) + '+' + Math.round(now - last))
    last = now
  }
  const atEnd = () => step < 0 ? scroller.scrollTop <= 0 : scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2
  // A list that loads its next page on scroll ends in a line saying so. A person who reaches that
  // line waits there for the page; scrolling on past it, into what lies below the list, would leave
  // the list unloaded. So the bench waits at it too.
  const loadingLines = () => [...document.querySelectorAll(${JSON.stringify(LOADING_MORE)})].filter((line) => scroller.contains(line))
  const atLoadingLine = () => {
    const view = scroller === document.scrollingElement ? { top: 0, bottom: innerHeight } : scroller.getBoundingClientRect()
    return loadingLines().some((line) => {
      const box = line.getBoundingClientRect()
      return step < 0 ? box.bottom > view.top : box.top < view.bottom
    })
  }
  const reached = () => atEnd() || atLoadingLine()
  const started = performance.now()
  while (performance.now() - started < 120000) {
    if (!reached()) {
      scroller.scrollTop = scroller.scrollTop + step
      await tick()
      continue
    }
    const height = scroller.scrollHeight
    const waitStart = performance.now()
    while (reached() && scroller.scrollHeight === height && performance.now() - waitStart < 3000) {
      await frame()
      last = performance.now()
    }
    if (reached() && scroller.scrollHeight === height) break
  }
  observer.disconnect()
  made.disconnect()
  return { frames, longTask, slow, over, rows: document.querySelectorAll(selector).length, stillLoading: loadingLines().length }
})()`
}

/**
 * Clicks the marked chat (an item of the chat list); resolves to the ms until the first frame
 * whose title bar names it and whose transcript shows a reply in view.
 */
export function openTitledChatScript(title: string): string {
  return `${TAKE_TARGET}
new Promise((resolve, reject) => {
  const item = takeTarget()
  const title = ${JSON.stringify(title)}
  const start = performance.now()
  let done = false
  const check = () => {
    if (done) return
    const heading = document.querySelector('[data-testid="chat-title-bar"] h2')
    if (!heading || heading.textContent.trim() !== title) return
    const visible = [...document.querySelectorAll('[data-testid="chat-assistant-message"]')].some((reply) => {
      const box = reply.getBoundingClientRect()
      return box.bottom > 0 && box.top < innerHeight
    })
    if (!visible) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true })
  document.addEventListener('scroll', check, { capture: true, passive: true })
  // And every frame: a transcript placed at its end before it is shown changes no node and fires no
  // scroll event once drawn, so only a frame's own look finds its reply in view.
  const everyFrame = () => { check(); if (!done) requestAnimationFrame(everyFrame) }
  requestAnimationFrame(everyFrame)
  setTimeout(() => { if (!done) { observer.disconnect(); reject(new Error('the chat did not open in 30 s')) } }, 30000)
  item.click()
})`
}
