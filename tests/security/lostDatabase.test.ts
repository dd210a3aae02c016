import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => {
  temp = makeTempDir('hearth-lost-db-')
  expect(runHearth(['--home', temp.dir, 'agents', 'create', 'Coder']).code).toBe(0)
})
afterEach(() => temp.cleanup())

const db = (): string => join(temp.dir, 'hearth.db')

function dropDatabase(): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${db()}${suffix}`, { force: true })
}

describe('a missing or empty hearth.db beside existing agents', () => {
  it('stops with the choice to restore a backup or start over, and creates nothing', () => {
    dropDatabase()
    const run = runHearth(['--home', temp.dir, '--json', 'agents', 'list'])
    expect(run.code).not.toBe(0)
    expect(run.stdout + run.stderr).toMatch(
      /hearth\.db is missing, but the home holds 1 agent folder\(s\) \(coder\)/
    )
    expect(run.stdout + run.stderr).toMatch(/restore a backup .*hearth restore.*start over/)
    expect(existsSync(db())).toBe(false)
  })

  it('treats an empty file the same, and leaves it as it is', () => {
    dropDatabase()
    writeFileSync(db(), '')
    const run = runHearth(['--home', temp.dir, 'agents', 'list'])
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/hearth\.db is empty/)
    expect(statSync(db()).size).toBe(0)
  })

  it('opens normally once the agents folder is moved aside (starting over)', () => {
    dropDatabase()
    rmSync(join(temp.dir, 'agents'), { recursive: true })
    expect(runHearth(['--home', temp.dir, 'agents', 'list']).code).toBe(0)
  })
})
