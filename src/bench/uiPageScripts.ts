// Scripts the ui.* bench runs inside the page, as text: the bench is Node code without DOM types,
// and each measures with the page's own clock so no round trip to the bench is counted.

/** Init script: `window.__hearthChatPainted` resolves to the time (since navigation) of the first frame with Chat in it. */
export const FIRST_PAINT_SCRIPT = `
window.__hearthChatPainted = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="chat-section"]')) return
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now()))
  })
  observer.observe(document, { childList: true, subtree: true })
})`

/** Clicks the first chat in the list; resolves to the ms until the frame showing a reply containing `needle`. */
export function openChatScript(needle: string): string {
  return `(() => new Promise((resolve) => {
  const needle = ${JSON.stringify(needle)}
  const start = performance.now()
  let done = false
  const check = () => {
    if (done) return
    const reply = [...document.querySelectorAll('[data-testid="chat-assistant-message"]')]
      .find((element) => element.textContent.includes(needle))
    const box = reply && reply.getBoundingClientRect()
    if (!box || box.bottom <= 0 || box.top >= innerHeight) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, attributes: true })
  document.addEventListener('scroll', check, { capture: true, passive: true })
  document.querySelector('[data-testid="chat-session-item"]').click()
}))()`
}

/** Scrolls the transcript from its end to its start, 600 px a frame; resolves to each frame's duration (ms). */
export const SCROLL_SCRIPT = `(async () => {
  const transcript = document.querySelector('[data-testid="chat-transcript"]')
  const frames = []
  let last = performance.now()
  for (let frame = 0; transcript.scrollTop > 0 && frame < 5000; frame++) {
    transcript.scrollTop = Math.max(0, transcript.scrollTop - 600)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const now = performance.now()
    frames.push(now - last)
    last = now
  }
  return frames
})()`
