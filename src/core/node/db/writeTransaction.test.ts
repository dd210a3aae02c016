import { spawn } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HearthError } from '../../errors'
import { makeTempDir } from '../../../../tests/helpers/tempHome'
import { writeTransaction } from './writeTransaction'

let temp: ReturnType<typeof makeTempDir>
let file: string
let db: Database.Database

beforeEach(() => {
  temp = makeTempDir('hearth-write-tx-')
  file = join(temp.dir, 'test.db')
  db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE counter (n INTEGER NOT NULL)')
  db.exec('INSERT INTO counter VALUES (0)')
})

afterEach(() => {
  db.close()
  temp.cleanup()
})

/** Another process takes the write lock, says so on stdout, and keeps it for `holdMs`. */
function holdLock(holdMs: number): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3')
    const db = new Database(${JSON.stringify(file)})
    db.exec('BEGIN IMMEDIATE')
    db.exec('UPDATE counter SET n = n + 100')
    process.stdout.write('held\\n')
    setTimeout(() => { db.exec('COMMIT'); db.close() }, ${holdMs})`
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd() })
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ done }))
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)))
  })
}

const increment = (): number => {
  const { n } = db.prepare('SELECT n FROM counter').get() as { n: number }
  db.prepare('UPDATE counter SET n = ?').run(n + 1)
  return n + 1
}

describe('writeTransaction', () => {
  it('reads then writes while another process commits: waits for the lock instead of failing', async () => {
    db.pragma('busy_timeout = 5000')
    const holder = await holdLock(300)
    expect(writeTransaction(db, increment)()).toBe(101)
    await holder.done
  }, 20_000)

  it('tries again when the lock outlasts one busy timeout, and succeeds once it is free', async () => {
    db.pragma('busy_timeout = 150')
    const holder = await holdLock(350)
    expect(writeTransaction(db, increment)()).toBe(101)
    await holder.done
  }, 20_000)

  it('gives up with a plain sentence when the lock is held for longer than every attempt', async () => {
    db.pragma('busy_timeout = 20')
    const holder = await holdLock(3000)
    let thrown: unknown
    try {
      writeTransaction(db, increment)()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(HearthError)
    expect((thrown as HearthError).message).toMatch(
      /another Hearth process .* kept it locked.*Nothing was changed/
    )
    await holder.done
    expect(writeTransaction(db, increment)()).toBe(101)
  }, 20_000)

  it('is a savepoint inside another transaction: an inner failure is the outer one to handle', () => {
    const outer = writeTransaction(db, () => {
      increment()
      expect(() =>
        writeTransaction(db, () => {
          increment()
          throw new Error('inner')
        })()
      ).toThrow('inner')
      return increment()
    })
    expect(outer()).toBe(2)
  })
})
