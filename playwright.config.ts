import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS } from './src/bench/chromiumArgs'

/**
 * End-to-end tests in Debian's Chromium against `hearth serve` (run `npm run build` first).
 * Each test starts its own server on a temporary home (e2e/fixtures/hearth.ts), so there is no
 * webServer here. One worker: the machine is small and every test spawns a server.
 */
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
      executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS]
    }
  }
})
