import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { keptStatements } from './keptStatements'

describe('kept statements', () => {
  let db: Database.Database
  beforeEach(() => {
    db = new Database(':memory:')
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)')
    db.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')")
  })
  afterEach(() => db.close())

  it('prepares a statement once and hands the same one out again', () => {
    const statement = keptStatements(db)
    const first = statement('SELECT name FROM t WHERE id = ?')
    expect(statement('SELECT name FROM t WHERE id = ?')).toBe(first)
    expect(first.get(2)).toEqual({ name: 'b' })
    expect(statement('SELECT name FROM t WHERE id = ?').get(3)).toEqual({ name: 'c' })
  })

  it('reads column tuples when kept raw', () => {
    const tuples = keptStatements(db, 'raw')
    expect(tuples('SELECT id, name FROM t ORDER BY id').all()).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c']
    ])
  })

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const statement = keptStatements(db)
    const sql = 'SELECT id FROM t WHERE id >= ? ORDER BY id'
    const pairs: number[][] = []
    for (const outer of statement(sql).iterate(1) as Iterable<{ id: number }>)
      for (const inner of statement(sql).iterate(3) as Iterable<{ id: number }>)
        pairs.push([outer.id, inner.id])
    expect(pairs).toEqual([
      [1, 3],
      [2, 3],
      [3, 3]
    ])
    expect(statement(sql).busy).toBe(false)
  })

  it('keeps a bounded number of texts, preparing a dropped one again', () => {
    const statement = keptStatements(db)
    const first = statement('SELECT 0')
    for (let i = 1; i <= 128; i++) statement(`SELECT ${i}`)
    expect(statement('SELECT 128')).toBe(statement('SELECT 128'))
    const again = statement('SELECT 0')
    expect(again).not.toBe(first)
    expect(again.get()).toEqual({ '0': 0 })
  })

  it('sees a table changed after the statement was kept', () => {
    const statement = keptStatements(db)
    expect(statement('SELECT * FROM t WHERE id = 1').get()).toEqual({ id: 1, name: 'a' })
    db.exec("ALTER TABLE t ADD COLUMN note TEXT DEFAULT 'x'")
    expect(statement('SELECT * FROM t WHERE id = 1').get()).toEqual({ id: 1, name: 'a', note: 'x' })
  })
})
