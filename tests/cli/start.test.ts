import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..')
const electronInstalled = existsSync(join(root, 'node_modules/electron/path.txt'))

describe('npm start without an Electron binary', () => {
  it.skipIf(electronInstalled)(
    'explains the situation, points to hearth serve, and exits fast without a stack trace',
    () => {
      const started = Date.now()
      const run = spawnSync(process.execPath, [join(root, 'scripts/start.mjs')], {
        encoding: 'utf8',
        timeout: 20_000
      })
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('Electron binary is not installed')
      expect(run.stderr).toContain('node bin/hearth.js serve')
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
  )
})
