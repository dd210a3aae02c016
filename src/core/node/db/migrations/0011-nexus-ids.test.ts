import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseBefore } from '../testing/databaseBefore'
import { GENESIS_HASH, entryId, legacyHashEntry, type LegacyHashedFields } from '../../../nexus/nexusHash'
import { SqliteNexusRepository } from '../../../nexus/nexusRepository'
import { toNewEntry } from '../../../nexus/nexusRules'
import { verifyChain } from '../../../nexus/verifyChain'
import { migrate } from '../migrate'
import { MIGRATIONS } from './index'

const clock = { now: () => Date.UTC(2026, 2, 1) }

type LegacyEntry = Omit<LegacyHashedFields, 'seq' | 'prevHash'>

const LEGACY_LOG: readonly LegacyEntry[] = [
  {
    ts: 1000,
    agent: 'ella',
    channel: 'desktop',
    type: 'decision',
    summary: 'Keep SQLite',
    body: null,
    refs: [],
    rationale: 'One file'
  },
  {
    ts: 2000,
    agent: 'lyra',
    channel: 'cli',
    type: 'ack',
    summary: 'Seen',
    body: 'ok',
    refs: [1],
    rationale: null
  },
  {
    ts: 3000,
    agent: 'codex',
    channel: 'mcp:codex',
    type: 'turn',
    summary: 'Wrote the parser',
    body: null,
    refs: [1, 2],
    rationale: null
  }
]

/**
 * Writes entries the way Hearth wrote them before ids existed: the old columns only, each row
 * hashed over its whole content with the `hearth-nexus/1` serialisation and chained by prev_hash.
 */
function writeLegacyLog(db: Database.Database, entries: readonly LegacyEntry[]): string[] {
  const insert = db.prepare(
    'INSERT INTO nexus_entries (seq, created_at, agent, channel, type, summary, body, refs, rationale, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  let prevHash = GENESIS_HASH
  return entries.map((entry, index) => {
    const fields = { ...entry, seq: index + 1, prevHash }
    const hash = legacyHashEntry(fields)
    insert.run(
      fields.seq,
      fields.ts,
      fields.agent,
      fields.channel,
      fields.type,
      fields.summary,
      fields.body,
      JSON.stringify(fields.refs),
      fields.rationale,
      prevHash,
      hash
    )
    prevHash = hash
    return hash
  })
}

function atPreviousVersion(): Database.Database {
  return databaseBefore(11)
}

describe('migration 0011-nexus-ids', () => {
  let db: Database.Database
  afterEach(() => db?.close())

  it('gives a log written by the old code ids and an origin, keeps every old hash, and verify stays green', () => {
    db = atPreviousVersion()
    const oldHashes = writeLegacyLog(db, LEGACY_LOG)
    expect(verifyChain(new SqliteNexusRepository(migrateNow(db), clock))).toEqual({
      ok: true,
      count: 3,
      firstBadSeq: null,
      problems: []
    })
    const repository = new SqliteNexusRepository(db, clock)
    const entries = repository.list({}).entries
    expect(entries.map((entry) => entry.hash)).toEqual(oldHashes)
    expect(entries.map((entry) => [entry.seq, entry.origin, entry.originSeq, entry.originalTs])).toEqual([
      [1, repository.origin, 1, null],
      [2, repository.origin, 2, null],
      [3, repository.origin, 3, null]
    ])
    for (const entry of entries) expect(entry.id).toBe(entryId({ ...entry, authoredAt: entry.ts }))
    const [first, second] = entries
    expect(entries[2]?.refIds).toEqual([first?.id, second?.id].sort())
  })

  it('makes one device id per home, the origin of every entry written afterwards', () => {
    db = atPreviousVersion()
    migrateNow(db)
    const origin = db.prepare('SELECT id FROM device').pluck().all()
    expect(origin).toHaveLength(1)
    expect(origin[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(() =>
      db.prepare("INSERT INTO device (singleton, id, created_at) VALUES (2, 'other', 1)").run()
    ).toThrow(/CHECK constraint/)
    const appended = new SqliteNexusRepository(db, clock).append(
      toNewEntry({ agent: 'ella', type: 'turn', summary: 'after' }, 'cli')
    )
    expect(appended.origin).toBe(origin[0])
  })

  it('lets new entries follow the migrated ones in one chain and refer to them by id', () => {
    db = atPreviousVersion()
    writeLegacyLog(db, LEGACY_LOG)
    migrateNow(db)
    const repository = new SqliteNexusRepository(db, clock)
    const [first] = repository.list({}).entries
    const next = repository.append(
      toNewEntry({ agent: 'user', type: 'ack', summary: 'Noted', refIds: [first?.id as string] }, 'desktop')
    )
    expect(next).toMatchObject({ seq: 4, originSeq: 4, refs: [1], refIds: [first?.id] })
    expect(verifyChain(repository)).toMatchObject({ ok: true, count: 4 })
  })

  it('still flags a log that was tampered with before the migration', () => {
    db = atPreviousVersion()
    writeLegacyLog(db, LEGACY_LOG)
    db.exec('DROP TRIGGER nexus_entries_no_update')
    db.prepare("UPDATE nexus_entries SET summary = 'Drop SQLite' WHERE seq = 1").run()
    migrateNow(db)
    const report = verifyChain(new SqliteNexusRepository(db, clock))
    expect(report).toMatchObject({ ok: false, count: 3, firstBadSeq: 1 })
    expect(report.problems).toEqual(['Entry #1: its content does not match its hash: the entry was changed'])
  })

  it('keeps the log append-only and STRICT, and ids unique', () => {
    db = atPreviousVersion()
    writeLegacyLog(db, LEGACY_LOG)
    migrateNow(db)
    expect(() => db.prepare("UPDATE nexus_entries SET summary = 'x' WHERE seq = 1").run()).toThrow(
      /append-only/
    )
    expect(() => db.prepare('DELETE FROM nexus_entries WHERE seq = 3').run()).toThrow(/append-only/)
    const copy = db.prepare('SELECT * FROM nexus_entries WHERE seq = 1').get() as Record<string, unknown>
    const columns = Object.keys(copy)
    const insert = `INSERT INTO nexus_entries (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
    expect(() => db.prepare(insert).run(...Object.values({ ...copy, seq: 9, origin_seq: 9 }))).toThrow(
      /UNIQUE constraint failed: nexus_entries.id/
    )
    expect(() => db.prepare(insert).run(...Object.values({ ...copy, seq: 9, hash_format: 3 }))).toThrow(
      /CHECK constraint/
    )
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'nexus_entries'").pluck().get()).toMatch(
      /STRICT$/
    )
  })

  it('migrates an empty log', () => {
    db = atPreviousVersion()
    migrateNow(db)
    expect(verifyChain(new SqliteNexusRepository(db, clock))).toEqual({
      ok: true,
      count: 0,
      firstBadSeq: null,
      problems: []
    })
  })
})

/** Applies this migration (and nothing newer) to a database at the previous version. */
function migrateNow(db: Database.Database): Database.Database {
  const from = MIGRATIONS.filter((migration) => migration.version < 11).at(-1)?.version
  expect(
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 11)
    )
  ).toEqual({ from, to: 11 })
  return db
}
