import Database from 'better-sqlite3'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../tests/helpers/tempHome'
import { createCore } from './createCore'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir()))
afterEach(() => temp.cleanup())

describe('the core log exists before the database opens', () => {
  it('records a migration that fails, with the database file and the reason', () => {
    const home = join(temp.dir, 'home')
    mkdirSync(home)
    // A table in the way of the first migration (another program's file in Hearth's place).
    const foreign = new Database(join(home, 'hearth.db'))
    foreign.exec('CREATE TABLE agents (x INTEGER)')
    foreign.close()

    expect(() => createCore({ home, host: 'cli', env: {} })).toThrow(/already exists/)
    const log = readFileSync(join(home, 'logs', 'hearth.log'), 'utf8')
    expect(log).toMatch(/ERROR \[core\] .*the database could not be opened or migrated/)
    expect(log).toContain(JSON.stringify(join(home, 'hearth.db')))
    expect(log).toContain('already exists')
  })
})
