import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3'
import { entryId, HASH_FORMATS, sortedIds } from '../../../nexus/nexusHash'
import type { NexusEntryType } from '../../../../shared/contract/nexus'

/** The schema of nexus_entries from this version on, under a given table name. */
function entriesTable(name: string): string {
  return `
  CREATE TABLE ${name} (
    seq          INTEGER PRIMARY KEY,           -- local order: 1, 2, 3… with no gaps; assigned under the write lock
    id           TEXT    NOT NULL UNIQUE,       -- sha256 over the canonical content: the same in every copy of the log
    origin       TEXT    NOT NULL,              -- device id of the home that first wrote the entry
    origin_seq   INTEGER NOT NULL,              -- the entry's place in its origin's own sequence (part of the id, so ids stay unique)
    created_at   INTEGER NOT NULL,              -- epoch ms of the append to this log
    original_at  INTEGER,                       -- epoch ms it was first written elsewhere (imports); null when written here
    agent        TEXT    NOT NULL,              -- author slug: agent id, 'user', or an MCP client's name
    channel      TEXT    NOT NULL,              -- 'desktop' | 'cli' | 'mcp:<client>'
    type         TEXT    NOT NULL CHECK (type IN ('turn','decision','handoff','state','checkpoint','ack','resolution')),
    summary      TEXT    NOT NULL,              -- one line, at most 200 characters
    body         TEXT,
    refs         TEXT    NOT NULL DEFAULT '[]', -- JSON array of the referred entries' local seqs, ascending
    ref_ids      TEXT    NOT NULL DEFAULT '[]', -- JSON array of the same entries' ids, sorted
    rationale    TEXT,                          -- why, for decisions
    prev_hash    TEXT    NOT NULL,              -- hash of seq-1 (64 zeros for the first entry)
    hash         TEXT    NOT NULL,              -- the chain link (see hash_format)
    hash_format  INTEGER NOT NULL CHECK (hash_format IN (1, 2)) -- 1: hashed before ids existed; 2: the whole row, id included
  ) STRICT;`
}

/** The index and the append-only guards, recreated with the table (the same names `verify` looks for). */
const INDEX_AND_GUARDS = `
  CREATE INDEX nexus_entries_by_type ON nexus_entries (type, agent, seq);

  CREATE TRIGGER nexus_entries_no_update BEFORE UPDATE ON nexus_entries
  BEGIN SELECT RAISE(ABORT, 'nexus_entries is append-only'); END;

  CREATE TRIGGER nexus_entries_no_delete BEFORE DELETE ON nexus_entries
  BEGIN SELECT RAISE(ABORT, 'nexus_entries is append-only'); END;
`

type LegacyRow = [
  number,
  number,
  string,
  string,
  NexusEntryType,
  string,
  string | null,
  string,
  string | null,
  string,
  string
]

/**
 * Gives Nexus entries an identity that does not depend on their place in one log, so logs can
 * later be merged across devices and imports can keep their original time:
 * - `device` holds this home's random device id, the `origin` of every entry written here;
 * - every entry gets an `id` (content hash), its origin and origin_seq, and its references by id.
 *
 * Append-only triggers forbid UPDATE, so the table is rebuilt (new table, copy, drop, rename,
 * guards recreated) inside the migration's transaction. Existing rows keep their seq, time,
 * prev_hash and hash byte for byte (`hash_format` 1), so `verify` still checks them against the
 * hash they were written with: a log that was tampered with before this step stays flagged.
 */
export function up(db: Database.Database): void {
  const origin = randomUUID()
  db.exec(`
    CREATE TABLE device (
      singleton   INTEGER PRIMARY KEY CHECK (singleton = 1),
      id          TEXT    NOT NULL,              -- random, made once per home: the origin of entries written here
      created_at  INTEGER NOT NULL               -- epoch ms
    ) STRICT;
  `)
  db.prepare('INSERT INTO device (singleton, id, created_at) VALUES (1, ?, ?)').run(origin, Date.now())
  db.exec(entriesTable('nexus_entries_next'))
  copyLegacyRows(db, origin)
  db.exec('DROP TABLE nexus_entries; ALTER TABLE nexus_entries_next RENAME TO nexus_entries;')
  db.exec(INDEX_AND_GUARDS)
}

function copyLegacyRows(db: Database.Database, origin: string): void {
  const rows = db
    .prepare(
      'SELECT seq, created_at, agent, channel, type, summary, body, refs, rationale, prev_hash, hash FROM nexus_entries ORDER BY seq'
    )
    .raw()
    .all() as LegacyRow[]
  const insert = db.prepare(
    `INSERT INTO nexus_entries_next (seq, id, origin, origin_seq, created_at, original_at, agent, channel, type, summary, body, refs, ref_ids, rationale, prev_hash, hash, hash_format)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${HASH_FORMATS.legacy})`
  )
  const idsBySeq = new Map<number, string>()
  for (const [seq, ts, agent, channel, type, summary, body, refs, rationale, prevHash, hash] of rows) {
    const refIds = sortedIds(legacyRefs(refs).flatMap((ref) => idsBySeq.get(ref) ?? []))
    const id = entryId({
      origin,
      originSeq: seq,
      authoredAt: ts,
      agent,
      channel,
      type,
      summary,
      body,
      refIds,
      rationale
    })
    idsBySeq.set(seq, id)
    // The refs text is copied verbatim: the legacy hash covers it as it was written.
    insert.run(
      seq,
      id,
      origin,
      seq,
      ts,
      agent,
      channel,
      type,
      summary,
      body,
      refs,
      JSON.stringify(refIds),
      rationale,
      prevHash,
      hash
    )
  }
}

/** Seqs from a stored refs text; anything unreadable refers to nothing (verify flags such a row). */
function legacyRefs(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : []
  } catch {
    return []
  }
}
