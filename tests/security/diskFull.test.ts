import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

const DISK_FULL = /^Disk full: there is no space left on the disk that holds .*Free some space/

let temp: ReturnType<typeof makeTempDir>
let core: Core | undefined
afterEach(() => {
  core?.dispose()
  core = undefined
})

async function call(method: string, input: unknown): Promise<{ ok: boolean; message: string }> {
  const result = await dispatch((core as Core).handlers, { method, input })
  return { ok: result.ok, message: result.ok ? '' : result.error.message }
}

describe('a full disk', () => {
  beforeAll(() => (temp = makeTempDir('hearth-disk-full-')))
  afterAll(() => temp.cleanup())

  it('SQLite out of pages (SQLITE_FULL) reads "Disk full" and what to free, from every handler', async () => {
    core = createCore({ home: temp.dir, host: 'cli', env: {} })
    const db = core.internals.db
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`)
    const refused = await call('nexus.post', {
      agent: 'writer',
      type: 'state',
      summary: 'x'.repeat(200),
      body: 'y'.repeat(20_000)
    })
    expect(refused.ok).toBe(false)
    expect(refused.message).toMatch(DISK_FULL)
    expect(refused.message).not.toMatch(/database or disk is full/)
  })
})

/** A real file system that fills up: a 4 MB tmpfs, where this test may mount one (root on Linux). */
function mountSmallDisk(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true })
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const disk = join(makeTempDir('hearth-small-disk-').dir, 'disk')
const mounted = process.platform === 'linux' && mountSmallDisk(disk)
if (!mounted) rmSync(join(disk, '..'), { recursive: true, force: true })

describe.skipIf(!mounted)('a real disk that fills up (tmpfs)', () => {
  const home = join(disk, 'home')
  afterAll(() => {
    execFileSync('umount', [disk])
    rmSync(join(disk, '..'), { recursive: true, force: true })
  })

  it('while the home is open, and when it is opened again: every write and the CLI say "Disk full"', async () => {
    expect(runHearth(['--home', home, 'agents', 'create', 'Hearth']).code).toBe(0)
    core = createCore({ home, host: 'cli', env: {} })
    // Start recovery sweeps the home in the background; let it finish before the disk fills, so the
    // only writes racing the full disk are the ones under test (and nothing holds the disk at unmount).
    await core.recovery
    // Fill what is left, so the next page SQLite or a file needs has nowhere to go.
    try {
      writeFileSync(join(disk, 'filler'), Buffer.alloc(8 * 1024 * 1024))
    } catch {
      // ENOSPC is the point: the filler takes every byte it can.
    }
    const attempts = [
      await call('agents.create', { name: 'Second' }),
      await call('nexus.post', { agent: 'writer', type: 'state', summary: 'a', body: 'b'.repeat(20_000) }),
      await call('memory.apply', {
        agentId: 'hearth',
        target: 'memory',
        action: 'add',
        content: 'c'.repeat(3000)
      })
    ]
    core.dispose()
    core = undefined
    for (const attempt of attempts)
      expect(attempt).toEqual({ ok: false, message: expect.stringMatching(DISK_FULL) })

    const cli = runHearth([
      '--home',
      home,
      '--json',
      'nexus',
      'post',
      '--agent',
      'a',
      '--type',
      'state',
      '--summary',
      's'
    ])
    expect(cli.code).toBe(1)
    expect(cli.json<{ error: { message: string } }>().error.message).toMatch(DISK_FULL)
    expect(cli.stderr).not.toMatch(/disk I\/O error/)
  })
})
