import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** CLI tests spawn bin/hearth.js, which needs out/cli; build it once if a plain `vitest` run lacks it. */
export default function setup(): void {
  const root = join(__dirname, '..')
  if (existsSync(join(root, 'out', 'cli', 'main.js'))) return
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'vite.cli.config.mts',
      '--logLevel',
      'warn'
    ],
    {
      cwd: root,
      stdio: 'inherit'
    }
  )
}
