import type { Page } from 'playwright-core'

/**
 * What went wrong inside the page while the bench measured it: uncaught errors and console
 * errors, as the end-to-end tests count them. A view that throws while it draws would otherwise
 * only show up as a figure that never came.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  return problems
}

/** Characters of the page's text a failed measure shows. */
const SHOWN_CHARS = 600

/**
 * What the page shows when a measure failed: the banners at its top and the start of the
 * section's text, so a run that stopped says whether the page was disconnected, showing an
 * error, or somewhere other than the view it waited for. Never throws (the page may be gone).
 */
export async function whatThePageShows(page: Page): Promise<string> {
  try {
    const text = await page.evaluate<string>(
      `(() => {
        const banners = [...document.querySelectorAll('[role="alert"], [role="status"]')].map((el) => el.innerText.trim()).filter(Boolean)
        const section = document.querySelector('main') ?? document.body
        return [...banners.map((b) => '[' + b + ']'), section.innerText].join('\\n')
      })()`
    )
    const flat = text.replace(/\s+/g, ' ').trim()
    return flat.length > SHOWN_CHARS ? `${flat.slice(0, SHOWN_CHARS)}…` : flat
  } catch (error) {
    return `(the page could not be read: ${String(error)})`
  }
}
