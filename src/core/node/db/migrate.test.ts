import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../tests/helpers/tempHome'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { openDatabase } from './openDatabase'

let temp: ReturnType<typeof makeTempDir>
afterEach(() => temp?.cleanup())

describe('migrate', () => {
  it('brings an empty database to the latest version with WAL and STRICT tables', () => {
    temp = makeTempDir()
    const db = openDatabase(join(temp.dir, 'hearth.db'))
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)?.version)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    const all = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[]
    const virtual = all.filter((t) => /CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name)
    // FTS5 virtual tables and their shadow tables cannot be STRICT; every other table must be.
    const tables = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
    expect(tables.length).toBeGreaterThan(0)
    for (const table of tables) expect(table.sql, table.name).toMatch(/STRICT\s*$/)
    db.close()
  })

  it('is a no-op on an up-to-date database', () => {
    const db = new Database(':memory:')
    migrate(db)
    const latest = MIGRATIONS.at(-1)?.version ?? 0
    expect(migrate(db)).toEqual({ from: latest, to: latest })
  })

  it('refuses a database newer than the code with a clear message', () => {
    const db = new Database(':memory:')
    db.pragma('user_version = 999')
    expect(() => migrate(db)).toThrow(/schema version 999, newer than this Hearth understands/)
  })

  it('rolls back every step when one migration fails', () => {
    const db = new Database(':memory:')
    const broken = [
      { version: 1, name: 'ok', up: (d: Database.Database) => d.exec('CREATE TABLE a (x INTEGER) STRICT') },
      { version: 2, name: 'bad', up: (d: Database.Database) => d.exec('CREATE TABLE nonsense (') }
    ]
    expect(() => migrate(db, broken)).toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(0)
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'a'").get()).toEqual({ n: 0 })
  })

  it('rejects a migration list that does not increase', () => {
    const db = new Database(':memory:')
    const noop = (): void => undefined
    expect(() => migrate(db, [{ version: 2, name: 'b', up: noop }, { version: 1, name: 'a', up: noop }])).toThrow(/must increase/)
  })
})
