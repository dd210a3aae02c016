import { writeTransaction } from '../node/db/writeTransaction'
import type Database from 'better-sqlite3'
import type { NexusCursor, NexusEntry } from '../../shared/contract/nexus'
import type { Clock } from '../ports/clock'
import { chainHash, entryId, GENESIS_HASH, HASH_FORMATS, sortedIds } from './nexusHash'
import { readOptionalRow, readRow, readRows } from '../node/db/rowReader'
import { NexusEntryReads } from './nexusReads'
import { ENTRY_COLUMNS } from './nexusRows'
import { assertOriginalTime, assertRefIdsExist, assertRefsExist, type NewEntry } from './nexusRules'

const INSERT = `INSERT INTO nexus_entries (${ENTRY_COLUMNS}) VALUES (${ENTRY_COLUMNS.split(',')
  .map(() => '?')
  .join(', ')})`

/** The referred entries, resolved from seqs and ids to both. */
interface ResolvedRefs {
  readonly seqs: number[]
  readonly ids: string[]
}

/**
 * The Nexus's writes and its readers' cursors; the queries are in `NexusEntryReads`, which this
 * extends so a feature holds one repository. Appends are the only writes to nexus_entries, and each runs in one
 * `BEGIN IMMEDIATE` transaction (`writeTransaction`): taking the write lock first means that reading the tail hash
 * and inserting the next entry cannot interleave with another process's append, so the app,
 * any number of CLI processes and MCP servers extend one chain and never fork it.
 */
export class SqliteNexusRepository extends NexusEntryReads {
  private readonly insert: Database.Statement
  private readonly tailStatement: Database.Statement
  private readonly appendOne: (entry: NewEntry) => NexusEntry
  private readonly appendBatch: (entries: readonly NewEntry[]) => NexusEntry[]
  private readonly originSeqStatement: Database.Statement
  private device: string

  constructor(
    db: Database.Database,
    private readonly clock: Clock
  ) {
    super(db)
    this.insert = db.prepare(INSERT)
    this.tailStatement = db.prepare('SELECT seq, hash FROM nexus_entries ORDER BY seq DESC LIMIT 1')
    this.device = deviceId(db)
    this.originSeqStatement = db.prepare(
      'SELECT origin_seq FROM nexus_entries WHERE origin = ? ORDER BY origin_seq DESC LIMIT 1'
    )
    this.appendOne = writeTransaction(db, (entry: NewEntry) => this.insertAfterTail(entry))
    this.appendBatch = writeTransaction(db, (entries: readonly NewEntry[]) =>
      entries.map((entry) => this.insertAfterTail(entry))
    )
  }

  /** This home's device id: the origin of every entry appended here. */
  get origin(): string {
    return this.device
  }

  /** Reads the device id again (after the home took a new one; entries keep the id they were written with). */
  reloadOrigin(): void {
    this.device = deviceId(this.db)
  }

  append(entry: NewEntry): NexusEntry {
    return this.appendOne(entry)
  }

  /** Several entries under one lock (imports, benchmarks); still one link per entry. */
  appendMany(entries: readonly NewEntry[]): NexusEntry[] {
    return this.appendBatch(entries)
  }

  /**
   * The id covers the content and the origin's own counter, never the local seq; the chain hash
   * then ties the whole entry, id included, to its place in this log.
   */
  private insertAfterTail(entry: NewEntry): NexusEntry {
    const tail = this.tail()
    const refs = this.resolveRefs(entry, tail.seq)
    const ts = this.clock.now()
    assertOriginalTime(entry.originalTs, ts)
    const last = this.originSeqStatement.get(this.origin)
    const originSeq = (readOptionalRow(last, 'nexus_entries', (row) => row.int('origin_seq')) ?? 0) + 1
    const { agent, channel, type, summary, body, rationale, originalTs } = entry
    const id = entryId({
      origin: this.origin,
      originSeq,
      authoredAt: originalTs ?? ts,
      agent,
      channel,
      type,
      summary,
      body,
      refIds: refs.ids,
      rationale
    })
    const link = {
      seq: tail.seq + 1,
      ts,
      id,
      origin: this.origin,
      originSeq,
      originalTs,
      agent,
      channel,
      type,
      summary,
      body,
      refs: refs.seqs,
      refIds: refs.ids,
      rationale,
      prevHash: tail.hash
    }
    const hash = chainHash(link)
    this.insert.run(
      link.seq,
      ts,
      agent,
      channel,
      type,
      summary,
      body,
      JSON.stringify(refs.seqs),
      rationale,
      tail.hash,
      hash,
      id,
      this.origin,
      originSeq,
      originalTs,
      JSON.stringify(refs.ids),
      HASH_FORMATS.linked
    )
    return { ...link, hash }
  }

  /** Seqs and ids of every referred entry, whichever way the writer named them; unknown ones are refused. */
  private resolveRefs(entry: NewEntry, tailSeq: number): ResolvedRefs {
    assertRefsExist(entry.refs, tailSeq)
    if (entry.refs.length === 0 && entry.refIds.length === 0) return { seqs: [], ids: [] }
    const marks = (values: readonly unknown[]): string => values.map(() => '?').join(',') || 'NULL'
    const rows = this.db
      .prepare(
        `SELECT seq, id FROM nexus_entries WHERE seq IN (${marks(entry.refs)}) OR id IN (${marks(entry.refIds)})`
      )
      .all(...entry.refs, ...entry.refIds)
    const found = readRows(rows, 'nexus_entries', (row) => ({ seq: row.int('seq'), id: row.text('id') }))
    assertRefIdsExist(entry.refIds, new Set(found.map(({ id }) => id)))
    return {
      seqs: found.map(({ seq }) => seq).sort((a, b) => a - b),
      ids: sortedIds(found.map(({ id }) => id))
    }
  }

  /** The last entry's seq and hash (0 and the genesis hash for an empty log). */
  tail(): { seq: number; hash: string } {
    const tail = readOptionalRow(this.tailStatement.get(), 'nexus_entries', (row) => ({
      seq: row.int('seq'),
      hash: row.text('hash')
    }))
    return tail ?? { seq: 0, hash: GENESIS_HASH }
  }

  maxSeq(): number {
    return this.tail().seq
  }

  cursor(agent: string): number {
    const row = this.db.prepare('SELECT seq FROM nexus_cursors WHERE agent = ?').get(agent)
    return readOptionalRow(row, 'nexus_cursors', (read) => read.int('seq')) ?? 0
  }

  /**
   * Cursors with their unread counts (entries by others after the cursor), in the order asked,
   * or every stored cursor by agent name. Each count reads the shorter side of the cursor: the
   * entries after it, or (for a cursor far from the tail) the entries up to it, taken from the
   * entries by others that migration 0069's trigger-kept counts give without counting the log.
   * A lane that never read anything costs no scan at all.
   */
  cursors(agents?: readonly string[]): NexusCursor[] {
    const stored = readRows(
      this.db.prepare('SELECT agent, seq, updated_at FROM nexus_cursors ORDER BY agent').all(),
      'nexus_cursors',
      (row) => ({ agent: row.text('agent'), seq: row.int('seq'), updatedAt: row.int('updated_at') })
    )
    const byAgent = new Map(stored.map((row) => [row.agent, row]))
    const unread = this.unreadCounter()
    return [...new Set(agents ?? byAgent.keys())].map((agent) => {
      const row = byAgent.get(agent)
      const seq = row?.seq ?? 0
      return { agent, seq, unread: unread(agent, seq), updatedAt: row?.updatedAt ?? null }
    })
  }

  /** Entries by others than `agent` after `seq`, counted over whichever side of `seq` is shorter. */
  private unreadCounter(): (agent: string, seq: number) => number {
    const tail = readRow(
      this.db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM nexus_entries').get(),
      'nexus_entries'
    ).int('n')
    const authors = new Map(
      readRows(
        this.db.prepare('SELECT agent, n FROM nexus_author_counts').all(),
        'nexus_author_counts',
        (row) => [row.text('agent'), row.int('n')] as const
      )
    )
    const total = [...authors.values()].reduce((sum, n) => sum + n, 0)
    const after = this.db.prepare(
      'SELECT COUNT(*) AS n FROM nexus_entries INDEXED BY nexus_entries_by_seq_agent WHERE seq > ? AND agent <> ?'
    )
    const upTo = this.db.prepare(
      'SELECT COUNT(*) AS n FROM nexus_entries INDEXED BY nexus_entries_by_seq_agent WHERE seq <= ? AND agent <> ?'
    )
    const count = (statement: Database.Statement, agent: string, seq: number): number =>
      readRow(statement.get(seq, agent), 'nexus_entries').int('n')
    return (agent, seq) =>
      tail - seq <= seq
        ? count(after, agent, seq)
        : total - (authors.get(agent) ?? 0) - count(upTo, agent, seq)
  }

  /** Moves a reader's cursor forward only: a late, slower turn never re-shows what a newer one saw. */
  advanceCursor(agent: string, seq: number): void {
    this.db
      .prepare(
        `INSERT INTO nexus_cursors (agent, seq, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (agent) DO UPDATE SET seq = MAX(seq, excluded.seq), updated_at = excluded.updated_at`
      )
      .run(agent, seq, this.clock.now())
  }
}

/** The device id the migration made for this home; without it no entry can say where it came from. */
function deviceId(db: Database.Database): string {
  const id = db.prepare('SELECT id FROM device WHERE singleton = 1').pluck().get()
  if (typeof id !== 'string')
    throw new Error('This database has no device id: it was not migrated to the Nexus id schema')
  return id
}
