import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDatabase } from './testing/tempDatabase'
import { walFramesPending } from './walFrames'

const temp = useTempDatabase('wal-frames')

describe('walFramesPending', () => {
  it('counts the frames no checkpoint has folded yet, as SQLite itself does', () => {
    const { db } = temp()
    db.exec('CREATE TABLE IF NOT EXISTS scratch (body TEXT)')
    db.pragma('wal_checkpoint(TRUNCATE)')
    expect(walFramesPending(db)).toBe(0)
    const insert = db.prepare('INSERT INTO scratch (body) VALUES (?)')
    for (let i = 0; i < 12; i++) insert.run('x'.repeat(6000))
    const pending = walFramesPending(db)
    expect(pending).toBeGreaterThanOrEqual(24) // each row needs two pages, each commit its own frames
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[]
    expect(result).toEqual({ busy: 0, log: pending, checkpointed: pending })
    expect(walFramesPending(db)).toBe(0)
  })

  it('is 0 where there is no write-ahead log to read', () => {
    const memory = new Database(':memory:')
    expect(walFramesPending(memory)).toBe(0)
    memory.close()
    const dir = mkdtempSync(join(tmpdir(), 'hearth-rollback-'))
    const rollback = new Database(join(dir, 'plain.db'))
    try {
      rollback.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)')
      expect(walFramesPending(rollback)).toBe(0)
    } finally {
      rollback.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
