import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'
import { isApplied, up } from './0017-text-attachments'

const insert =
  'INSERT INTO attachments (id, media_type, name, bytes, width, height, pages, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'

describe('migration 0017-text-attachments', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('keeps every stored image and PDF as it was, and then takes text files', () => {
    db = databaseBefore(17)
    db.prepare(insert).run('ab'.repeat(32), 'image/png', 'photo.png', 1200, 640, 480, null, 5)
    db.prepare(insert).run('cd'.repeat(32), 'application/pdf', 'notes.pdf', 900, null, null, 3, 6)
    expect(() =>
      db.prepare(insert).run('ef'.repeat(32), 'text/plain', 'a.md', 4, null, null, null, 7)
    ).toThrow(/CHECK constraint/)
    const before = db.prepare('SELECT * FROM attachments ORDER BY id').all()
    expect(isApplied(db)).toBe(false)
    up(db)
    expect(isApplied(db)).toBe(true)
    expect(db.prepare('SELECT * FROM attachments ORDER BY id').all()).toEqual(before)
    db.prepare(insert).run('ef'.repeat(32), 'text/plain', 'a.md', 4, null, null, null, 7)
    expect(() =>
      db.prepare(insert).run('01'.repeat(32), 'text/html', 'a.html', 4, null, null, null, 8)
    ).toThrow(/CHECK constraint/)
    expect(() =>
      db.prepare(insert).run('02'.repeat(32), 'text/plain', 'e.txt', 0, null, null, null, 8)
    ).toThrow(/CHECK constraint/)
  })

  it('runs as part of the full migration list', () => {
    db = new Database(':memory:')
    expect(migrate(db).to).toBe(MIGRATIONS.at(-1)?.version)
    expect(isApplied(db)).toBe(true)
  })
})
