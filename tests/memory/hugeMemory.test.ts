import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CLI, runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => {
  temp = makeTempDir('hearth-huge-memory-')
  runHearth(['--home', temp.dir, 'agents', 'create', 'Coder'])
})
afterEach(() => temp.cleanup())

/** Runs the CLI under /usr/bin/time and returns its exit code, output and peak RSS in MB. */
function measured(args: string[]): { code: number; stdout: string; peakMb: number } {
  const result = spawnSync('/usr/bin/time', ['-f', 'peak-kb=%M', process.execPath, CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ANTHROPIC_API_KEY: '' },
    timeout: 120_000
  })
  const peak = /peak-kb=(\d+)/.exec(result.stderr)
  return { code: result.status ?? -1, stdout: result.stdout, peakMb: Number(peak?.[1] ?? 'NaN') / 1024 }
}

describe('memory add on a 50 MB MEMORY.md', () => {
  it('refuses from the size alone, without reading the file, and leaves it untouched', () => {
    const path = join(temp.dir, 'agents', 'coder', 'MEMORY.md')
    const add = ['--home', temp.dir, '--json', 'memory', 'add', '--agent', 'coder', '--target', 'memory']
    // The same command on an ordinary file: the process's own footprint, this machine's baseline.
    const baseline = measured([...add, '--content', 'A small fact.'])
    expect(baseline.code).toBe(0)

    writeFileSync(path, `${'a filler entry of forty words or so '.repeat(12)}\n§\n`.repeat(122_000))
    const size = statSync(path).size
    expect(size).toBeGreaterThan(50 * 1024 * 1024)
    const huge = measured([...add, '--content', 'One more fact.'])
    expect(huge.code).toBe(1)
    expect(JSON.parse(huge.stdout)).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Refusing to load MEMORY\.md: it is 5\d\.\d MB.*did not read it/),
      remediation: expect.stringContaining('trim MEMORY.md')
    })
    // Reading 50 MB as text, parsing and backing it up cost 827 MB; refusing first costs nothing.
    expect(huge.peakMb - baseline.peakMb).toBeLessThan(30)
    expect(statSync(path).size).toBe(size)
    expect(readFileSync(path, 'utf8').startsWith('a filler entry')).toBe(true)
  })
})
