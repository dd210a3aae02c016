import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { SYNC_DEVICE_STATUSES, up } from './0046-nexus-sync'

describe('migration 0046-nexus-sync', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('adds the device and run tables and an index for a device’s own order', () => {
    db = databaseBefore(46)
    up(db)
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'nexus_sync_%' ORDER BY name"
      )
      .pluck()
      .all()
    expect(tables).toEqual(['nexus_sync_devices', 'nexus_sync_runs'])
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT origin_seq FROM nexus_entries WHERE origin = ? ORDER BY origin_seq DESC LIMIT 1'
      )
      .all('d')
    expect(JSON.stringify(plan)).toContain('nexus_entries_by_origin')
  })

  it('holds a device’s status to its values', () => {
    db = databaseBefore(46)
    up(db)
    const insert = db.prepare(
      'INSERT INTO nexus_sync_devices (device, status, first_seen_at, last_seen_at) VALUES (?, ?, 1, 1)'
    )
    for (const status of SYNC_DEVICE_STATUSES) expect(() => insert.run(`d-${status}`, status)).not.toThrow()
    expect(() => insert.run('d-x', 'trusted')).toThrow(/CHECK constraint/)
  })
})
