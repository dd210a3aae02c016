import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { up } from './0015-attachments'

const HASH = 'ab'.repeat(32)
const insert =
  'INSERT INTO attachments (id, media_type, name, bytes, width, height, pages, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'

describe('migration 0015-attachments', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  function atPreviousVersion(): Database.Database {
    return databaseBefore(15)
  }

  it('stores one row per content hash with what the limits need (size, pixels, pages)', () => {
    db = atPreviousVersion()
    up(db)
    db.prepare(insert).run(HASH, 'image/png', 'photo.png', 1200, 640, 480, null, 5)
    db.prepare(insert).run('cd'.repeat(32), 'application/pdf', 'notes.pdf', 900, null, null, 3, 6)
    expect(
      db.prepare('SELECT id, media_type, width, pages FROM attachments ORDER BY created_at').all()
    ).toEqual([
      { id: HASH, media_type: 'image/png', width: 640, pages: null },
      { id: 'cd'.repeat(32), media_type: 'application/pdf', width: null, pages: 3 }
    ])
    expect(() => db.prepare(insert).run(HASH, 'image/png', 'again.png', 1200, 640, 480, null, 7)).toThrow(
      /UNIQUE constraint/
    )
  })

  it('refuses rows the API would never take or that could not be found again', () => {
    db = atPreviousVersion()
    up(db)
    expect(() => db.prepare(insert).run('short', 'image/png', 'a', 1, 1, 1, null, 1)).toThrow(
      /CHECK constraint/
    )
    expect(() => db.prepare(insert).run(HASH, 'image/bmp', 'a', 1, 1, 1, null, 1)).toThrow(/CHECK constraint/)
    expect(() => db.prepare(insert).run(HASH, 'image/png', 'a', 0, 1, 1, null, 1)).toThrow(/CHECK constraint/)
    expect(() => db.prepare(insert).run(HASH, 'image/png', 'a', 'big', 1, 1, null, 1)).toThrow(
      /cannot store TEXT/
    )
  })

  it('runs as part of the full migration list', () => {
    db = new Database(':memory:')
    expect(migrate(db).to).toBe(MIGRATIONS.at(-1)?.version)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'attachments'").pluck().get()).toBe(
      'attachments'
    )
  })
})
