import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CLI, runHearth, runHearthAsync } from '../helpers/cli'
import { field } from '../helpers/jsonField'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
let remote: string
beforeEach(() => {
  temp = makeTempDir()
  remote = join(temp.dir, 'remote.git')
  execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch', 'main', remote])
})
afterEach(() => temp.cleanup())

const home = (name: string): string => join(temp.dir, name)
const post = (name: string, summary: string): void => {
  expect(
    runHearth([
      'nexus',
      'post',
      '--home',
      home(name),
      '--agent',
      'ella',
      '--type',
      'turn',
      '--summary',
      summary
    ]).code
  ).toBe(0)
}
const syncJson = (name: string, ...args: string[]): { code: number; json: unknown; stderr: string } => {
  const run = runHearth(['nexus', 'sync', '--home', home(name), '--json', ...args])
  return { code: run.code, json: run.stdout ? JSON.parse(run.stdout) : null, stderr: run.stderr }
}
const verify = (name: string): unknown =>
  runHearth(['nexus', 'verify', '--home', home(name), '--json']).json<unknown>()

describe('hearth nexus sync', { timeout: 120_000 }, () => {
  it('syncs two homes, remembers the remote, reports progress on stderr and the result as JSON', () => {
    post('laptop', 'From the laptop')
    post('desktop', 'From the desktop')
    const first = syncJson('laptop', '--remote', remote)
    expect(first.code).toBe(0)
    expect(first.json).toMatchObject({ ok: true, pushed: 1, pulled: 0, problems: [], remote })
    expect(first.stderr).toMatch(/Fetching the other devices’ logs…/)
    expect(syncJson('desktop', '--remote', remote).json).toMatchObject({ pushed: 1, pulled: 1 })
    // The remote is remembered: a plain `nexus sync` uses it.
    const again = syncJson('laptop')
    expect(again.json).toMatchObject({ ok: true, pulled: 1 })
    expect(field(again.json, 'devices')).toHaveLength(2)
    const status = runHearth(['nexus', 'sync', '--status', '--home', home('laptop')])
    expect(status.stdout).toMatch(/remote: .*remote\.git/)
    expect(status.stdout).toMatch(/last sync: .* ok, sent 0, received 1/)
    for (const name of ['laptop', 'desktop']) expect(verify(name)).toMatchObject({ ok: true, count: 2 })
  })

  it('says plainly that git is missing, and exits 1', () => {
    const bin = join(temp.dir, 'bin-without-git')
    mkdirSync(bin)
    const run = runHearth(['nexus', 'sync', '--home', home('h'), '--remote', remote, '--json'], {
      env: { PATH: bin }
    })
    expect(run.code).toBe(1)
    expect(run.json()).toMatchObject({ ok: false, problems: [expect.stringMatching(/Git is not installed/)] })
  })

  it('never sends the API key, memories or transcripts: only device logs reach the remote', () => {
    const key = 'sk-ant-never-synced-0123456789abcdef'
    writeFileSync(join(temp.dir, 'note.txt'), 'x')
    post('h', 'Only this summary travels')
    const run = runHearth(['nexus', 'sync', '--home', home('h'), '--remote', remote], {
      env: { ANTHROPIC_API_KEY: key }
    })
    expect(run.code).toBe(0)
    const objects = execFileSync('git', ['cat-file', '--batch-all-objects', '--batch'], {
      cwd: remote,
      encoding: 'latin1'
    })
    expect(objects).toContain('Only this summary travels')
    expect(objects).not.toContain(key)
    const tree = execFileSync('git', ['ls-tree', '-r', '--name-only', 'main'], {
      cwd: remote,
      encoding: 'utf8'
    })
    expect(
      tree
        .trim()
        .split('\n')
        .every((path) => path.startsWith('nexus/devices/'))
    ).toBe(true)
  })

  it('a sync killed at any point loses nothing and doubles nothing: the next one completes it', async () => {
    const seeded = runHearth([
      'nexus',
      'bench-append',
      '--home',
      home('a'),
      '--agent',
      'ella',
      '--count',
      '3000'
    ])
    expect(seeded.code).toBe(0)
    expect(syncJson('a', '--remote', remote).json).toMatchObject({ ok: true, pushed: 3000 })
    for (const delayMs of [150, 400, 900, 1600]) {
      const child = spawn(process.execPath, [CLI, 'nexus', 'sync', '--home', home('b'), '--remote', remote], {
        stdio: 'ignore'
      })
      // Listened for from the start: on a fast machine the sync may finish before the kill.
      const closed = new Promise((resolve) => child.on('close', resolve))
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      child.kill('SIGKILL')
      await closed
    }
    const finished = await runHearthAsync([
      'nexus',
      'sync',
      '--home',
      home('b'),
      '--remote',
      remote,
      '--json'
    ])
    expect(finished.code).toBe(0)
    expect(verify('b')).toMatchObject({ ok: true, count: 3000 })
    const ids = runHearth(['nexus', 'tail', '--home', home('b'), '--limit', '1000', '--json']).parsed(
      z.object({ entries: z.array(z.looseObject({ id: z.string() })) })
    )
    expect(new Set(ids.entries.map((entry) => entry.id)).size).toBe(1000)
    expect(syncJson('b').json).toMatchObject({ ok: true, pushed: 0, pulled: 0 })
  })
})
