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
    const all = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string; sql: string }[]
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

  it('lets a step rebuild a table other rows point at, and refuses one that leaves them dangling', () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    const base = {
      version: 1,
      name: 'base',
      up: (d: Database.Database) =>
        d.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY, kind TEXT CHECK (kind IN ('a'))) STRICT;
      CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id)) STRICT;
      INSERT INTO parent VALUES (1, 'a'); INSERT INTO child VALUES (1);`)
    }
    const rebuild = {
      version: 2,
      name: 'rebuild',
      up: (d: Database.Database) =>
        d.exec(`
      CREATE TABLE parent_next (id INTEGER PRIMARY KEY, kind TEXT CHECK (kind IN ('a', 'b'))) STRICT;
      INSERT INTO parent_next SELECT * FROM parent; DROP TABLE parent; ALTER TABLE parent_next RENAME TO parent;`)
    }
    migrate(db, [base, rebuild])
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.prepare("INSERT INTO parent VALUES (2, 'b')").run()
    expect(db.prepare('SELECT parent_id FROM child').all()).toEqual([{ parent_id: 1 }])

    const dangling = {
      version: 3,
      name: 'dangling',
      up: (d: Database.Database) => d.exec('DELETE FROM parent WHERE id = 1')
    }
    expect(() => migrate(db, [base, rebuild, dangling])).toThrow(
      /1 row\(s\) pointing at missing rows \(first: child row 1 → parent\)/
    )
    expect(db.pragma('user_version', { simple: true })).toBe(2)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
  })

  it('applies a lower version registered after the database passed it, once', () => {
    const db = new Database(':memory:')
    const table = (name: string) => (d: Database.Database) =>
      d.exec(`CREATE TABLE ${name} (x INTEGER) STRICT`)
    const has = (name: string) => (d: Database.Database) =>
      d.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined
    migrate(db, [
      { version: 1, name: 'a', up: table('a') },
      { version: 3, name: 'c', up: table('c') }
    ])
    const late = [
      { version: 1, name: 'a', up: table('a') },
      { version: 2, name: 'b', up: table('b'), isApplied: has('b') },
      { version: 3, name: 'c', up: table('c') }
    ]
    expect(migrate(db, late)).toEqual({ from: 3, to: 3 })
    expect(has('b')(db)).toBe(true)
    expect(() => migrate(db, late)).not.toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(3)
  })

  it('rejects a migration list that does not increase', () => {
    const db = new Database(':memory:')
    const noop = (): void => undefined
    expect(() =>
      migrate(db, [
        { version: 2, name: 'b', up: noop },
        { version: 1, name: 'a', up: noop }
      ])
    ).toThrow(/must increase/)
  })
})
