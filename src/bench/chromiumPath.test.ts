import { describe, expect, it } from 'vitest'
import { chromiumExecutable, SYSTEM_CHROMIUM } from './chromiumPath'

describe('chromiumExecutable', () => {
  it('takes HEARTH_CHROMIUM first, whatever is installed', () => {
    expect(chromiumExecutable({ HEARTH_CHROMIUM: '/opt/chrome/chrome' }, () => true)).toBe(
      '/opt/chrome/chrome'
    )
  })

  it("uses the system's Chromium when it is installed", () => {
    expect(chromiumExecutable({}, (path) => path === SYSTEM_CHROMIUM)).toBe(SYSTEM_CHROMIUM)
  })

  it("leaves the choice to Playwright (its own Chromium) when the system's is absent", () => {
    expect(chromiumExecutable({ HEARTH_CHROMIUM: '' }, () => false)).toBeUndefined()
  })
})
