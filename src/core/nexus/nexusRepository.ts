import type Database from 'better-sqlite3'
import type { NexusCursor, NexusEntry, NexusEntryType, NexusListFilter } from '../../shared/contract/nexus'
import type { Clock } from '../ports/clock'
import { GENESIS_HASH, hashEntry } from './nexusHash'
import { ENTRY_COLUMNS, fromRow, type NexusRow, type RawNexusRow } from './nexusRows'
import { assertRefsExist, type NewEntry } from './nexusRules'

const INSERT = `INSERT INTO nexus_entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
const SELECT = `SELECT ${ENTRY_COLUMNS} FROM nexus_entries`

/**
 * All SQL of the Nexus. Appends are the only writes to nexus_entries, and each runs in one
 * `BEGIN IMMEDIATE` transaction: taking the write lock first means that reading the tail hash
 * and inserting the next entry cannot interleave with another process's append, so the app,
 * any number of CLI processes and MCP servers extend one chain and never fork it.
 */
export class SqliteNexusRepository {
  private readonly insert: Database.Statement
  private readonly tailStatement: Database.Statement
  private readonly appendOne: (entry: NewEntry) => NexusEntry
  private readonly appendBatch: (entries: readonly NewEntry[]) => NexusEntry[]

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock
  ) {
    this.insert = db.prepare(INSERT)
    this.tailStatement = db.prepare('SELECT seq, hash FROM nexus_entries ORDER BY seq DESC LIMIT 1')
    const one = db.transaction((entry: NewEntry) => this.insertAfterTail(entry))
    const many = db.transaction((entries: readonly NewEntry[]) => entries.map((entry) => this.insertAfterTail(entry)))
    this.appendOne = (entry) => one.immediate(entry)
    this.appendBatch = (entries) => many.immediate(entries)
  }

  append(entry: NewEntry): NexusEntry {
    return this.appendOne(entry)
  }

  /** Several entries under one lock (imports, benchmarks); still one link per entry. */
  appendMany(entries: readonly NewEntry[]): NexusEntry[] {
    return this.appendBatch(entries)
  }

  private insertAfterTail(entry: NewEntry): NexusEntry {
    const tail = this.tail()
    assertRefsExist(entry.refs, tail.seq)
    const fields = { ...entry, refs: [...entry.refs], seq: tail.seq + 1, ts: this.clock.now(), prevHash: tail.hash }
    const hash = hashEntry(fields)
    this.insert.run(fields.seq, fields.ts, fields.agent, fields.channel, fields.type, fields.summary, fields.body, JSON.stringify(fields.refs), fields.rationale, fields.prevHash, hash)
    return { ...fields, hash }
  }

  /** The last entry's seq and hash (0 and the genesis hash for an empty log). */
  tail(): { seq: number; hash: string } {
    const row = this.tailStatement.get() as { seq: number; hash: string } | undefined
    return row ?? { seq: 0, hash: GENESIS_HASH }
  }

  maxSeq(): number {
    return this.tail().seq
  }

  /**
   * Entries matching the filter, in ascending order, plus the match count: the newest `limit`
   * of them, or with `oldestFirst` the first `limit` (a follower paging forward from `since`).
   */
  list(filter: NexusListFilter, oldestFirst = false): { entries: NexusEntry[]; total: number } {
    const { where, params } = filterClause(filter)
    const order = oldestFirst ? 'ASC' : 'DESC'
    const rows = this.db.prepare(`${SELECT} ${where} ORDER BY seq ${order} LIMIT ?`).all(...params, filter.limit ?? 200) as NexusRow[]
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM nexus_entries ${where}`).get(...params) as { n: number }).n
    return { entries: (oldestFirst ? rows : rows.reverse()).map(fromRow), total }
  }

  /** Entries after `seq`, oldest first (tails, live updates). */
  since(seq: number, limit: number): NexusEntry[] {
    return (this.db.prepare(`${SELECT} WHERE seq > ? ORDER BY seq LIMIT ?`).all(seq, limit) as NexusRow[]).map(fromRow)
  }

  /** The newest `limit` entries by authors other than `agent` after `cursor`, and how many there are in all. */
  unreadFor(agent: string, cursor: number, limit: number): { entries: NexusEntry[]; total: number } {
    const rows = this.db.prepare(`${SELECT} WHERE seq > ? AND agent <> ? ORDER BY seq DESC LIMIT ?`).all(cursor, agent, limit) as NexusRow[]
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?').get(cursor, agent) as { n: number }).n
    return { entries: rows.reverse().map(fromRow), total }
  }

  get(seqs: readonly number[]): NexusEntry[] {
    if (seqs.length === 0) return []
    const rows = this.db.prepare(`${SELECT} WHERE seq IN (${seqs.map(() => '?').join(',')}) ORDER BY seq`).all(...seqs) as NexusRow[]
    return rows.map(fromRow)
  }

  /** Entries of one type created at or after `sinceMs`, oldest first. */
  ofType(type: NexusEntryType, sinceMs = 0, limit = 100_000): NexusEntry[] {
    const rows = this.db
      .prepare(`${SELECT} WHERE type = ? AND created_at >= ? ORDER BY seq DESC LIMIT ?`)
      .all(type, sinceMs, limit) as NexusRow[]
    return rows.reverse().map(fromRow)
  }

  latestOfType(type: NexusEntryType, agent: string): NexusEntry | null {
    const row = this.db.prepare(`${SELECT} WHERE type = ? AND agent = ? ORDER BY seq DESC LIMIT 1`).get(type, agent) as NexusRow | undefined
    return row ? fromRow(row) : null
  }

  /** The newest checkpoint of every author, newest first. */
  latestCheckpoints(): NexusEntry[] {
    const rows = this.db
      .prepare(`${SELECT} WHERE seq IN (SELECT MAX(seq) FROM nexus_entries WHERE type = 'checkpoint' GROUP BY agent) ORDER BY seq DESC`)
      .all() as NexusRow[]
    return rows.map(fromRow)
  }

  /**
   * Every row in order as column tuples (ENTRY_COLUMNS order), read in pages: tuples instead of
   * objects and short statements keep `verify` of 100,000 entries well under two seconds.
   */
  *iterateRaw(pageSize = 5000): IterableIterator<RawNexusRow> {
    const page = this.db.prepare(`${SELECT} WHERE seq > ? ORDER BY seq LIMIT ?`).raw()
    let after = Number.MIN_SAFE_INTEGER
    for (;;) {
      const rows = page.all(after, pageSize) as RawNexusRow[]
      yield* rows
      if (rows.length < pageSize) return
      after = (rows.at(-1) as RawNexusRow)[0]
    }
  }

  /** The SQL text of each append-only trigger present on nexus_entries, by name. */
  triggers(): Map<string, string> {
    const rows = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'nexus_entries'").all() as {
      name: string
      sql: string
    }[]
    return new Map(rows.map((row) => [row.name, row.sql]))
  }

  cursor(agent: string): number {
    const row = this.db.prepare('SELECT seq FROM nexus_cursors WHERE agent = ?').get(agent) as { seq: number } | undefined
    return row?.seq ?? 0
  }

  /**
   * Cursors with their unread counts (entries by others after the cursor), in the order asked,
   * or every stored cursor by agent name. One count per agent: the lane view asks for a handful.
   */
  cursors(agents?: readonly string[]): NexusCursor[] {
    const stored = this.db.prepare('SELECT agent, seq, updated_at AS updatedAt FROM nexus_cursors ORDER BY agent').all() as { agent: string; seq: number; updatedAt: number }[]
    const byAgent = new Map(stored.map((row) => [row.agent, row]))
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?')
    return [...new Set(agents ?? byAgent.keys())].map((agent) => {
      const row = byAgent.get(agent)
      const seq = row?.seq ?? 0
      return { agent, seq, unread: (count.get(seq, agent) as { n: number }).n, updatedAt: row?.updatedAt ?? null }
    })
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

function filterClause(filter: NexusListFilter): { where: string; params: unknown[] } {
  const clauses: [string, unknown][] = []
  if (filter.agent !== undefined) clauses.push(['agent = ?', filter.agent])
  if (filter.type !== undefined) clauses.push(['type = ?', filter.type])
  if (filter.since !== undefined) clauses.push(['seq > ?', filter.since])
  if (filter.before !== undefined) clauses.push(['seq < ?', filter.before])
  const search = filter.search?.trim()
  if (search) clauses.push(["instr(lower(summary || ' ' || coalesce(body, '') || ' ' || coalesce(rationale, '')), lower(?)) > 0", search])
  return {
    where: clauses.length > 0 ? `WHERE ${clauses.map(([sql]) => sql).join(' AND ')}` : '',
    params: clauses.map(([, value]) => value)
  }
}
