import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { peakRssPreload } from './importBench'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the import bench’s peak memory', () => {
  it.runIf(process.platform === 'linux')('is the child’s own peak, not its parent’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-peak-'))
    dirs.push(dir)
    const out = join(dir, 'rss.json')
    const preload = join(dir, 'rss.cjs')
    writeFileSync(preload, peakRssPreload(out))
    // The parent holds 300 MB the child never touches; the child grows by about 100 MB of its own.
    const held = Buffer.alloc(300 * 1024 * 1024, 1)
    const run = spawnSync(process.execPath, ['--require', preload, '-e', 'Buffer.alloc(100 * 1048576, 1)'])
    expect(run.status).toBe(0)
    const { maxRssKb } = JSON.parse(readFileSync(out, 'utf8')) as { maxRssKb: number }
    expect(held.length).toBeGreaterThan(0)
    expect(maxRssKb / 1024).toBeGreaterThan(100)
    expect(maxRssKb / 1024).toBeLessThan(250)
  })
})
