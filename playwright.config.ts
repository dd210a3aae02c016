import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS } from './src/bench/chromiumArgs'
import { chromiumExecutable } from './src/bench/chromiumPath'

/**
 * End-to-end tests in Chromium against `hearth serve` (run `npm run build` first): the system's
 * Chromium when installed, else Playwright's own (`npx playwright install chromium`); set
 * HEARTH_CHROMIUM to choose another. Each test starts its own server on a temporary home
 * (e2e/fixtures/hearth.ts), so there is no webServer here. One worker: every test spawns a
 * server and a browser, and tests run serially to stay predictable on small machines.
 */
const executablePath = chromiumExecutable()

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: process.env.CI !== undefined,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath !== undefined ? { executablePath } : {}),
      args: [...CHROMIUM_ARGS]
    }
  }
})
