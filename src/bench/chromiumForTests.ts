import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { CHROMIUM_ARGS } from './chromiumArgs'
import { chromiumExecutable } from './chromiumPath'

/**
 * One headless Chromium for a test file's page scripts, launched with the bench's flags before its
 * tests and closed after them. Call at the top of a `describe`; the getter gives the browser.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    const executablePath = chromiumExecutable() ?? chromium.executablePath()
    browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] })
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (browser === undefined) throw new Error('Chromium is launched before the tests run')
    return browser
  }
}
