import { existsSync } from 'node:fs'

/** Where Debian and Ubuntu install Chromium (`apt-get install chromium`). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/**
 * The Chromium the e2e tests and the ui.* bench drive: `HEARTH_CHROMIUM` when set, else the
 * system's Chromium when it is installed, else `undefined` — Playwright then uses the browser it
 * downloads itself (`npx playwright install chromium`), so no machine needs a Debian package.
 */
export function chromiumExecutable(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync
): string | undefined {
  const chosen = env['HEARTH_CHROMIUM']
  if (chosen !== undefined && chosen !== '') return chosen
  return exists(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined
}
