import type Database from 'better-sqlite3'
import type { NexusCursor, NexusEntry, NexusEntryType, NexusListFilter } from '../../shared/contract/nexus'
import type { Clock } from '../ports/clock'
import { chainHash, entryId, GENESIS_HASH, HASH_FORMATS, sortedIds } from './nexusHash'
import { ENTRY_COLUMNS, fromRaw, type RawNexusRow } from './nexusRows'
import { assertOriginalTime, assertRefIdsExist, assertRefsExist, type NewEntry } from './nexusRules'

const INSERT = `INSERT INTO nexus_entries (${ENTRY_COLUMNS}) VALUES (${ENTRY_COLUMNS.split(',')
  .map(() => '?')
  .join(', ')})`
const SELECT = `SELECT ${ENTRY_COLUMNS} FROM nexus_entries`

/** The referred entries, resolved from seqs and ids to both. */
interface ResolvedRefs {
  readonly seqs: number[]
  readonly ids: string[]
}

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
  private readonly originSeqStatement: Database.Statement
  /** This home's device id: the origin of every entry appended here. */
  readonly origin: string

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock
  ) {
    this.insert = db.prepare(INSERT)
    this.tailStatement = db.prepare('SELECT seq, hash FROM nexus_entries ORDER BY seq DESC LIMIT 1')
    this.origin = deviceId(db)
    // Walks back from the tail: this device's newest entry is nearly always the last one or close to it.
    this.originSeqStatement = db
      .prepare('SELECT origin_seq FROM nexus_entries WHERE origin = ? ORDER BY seq DESC LIMIT 1')
      .pluck()
    const one = db.transaction((entry: NewEntry) => this.insertAfterTail(entry))
    const many = db.transaction((entries: readonly NewEntry[]) =>
      entries.map((entry) => this.insertAfterTail(entry))
    )
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

  /**
   * The id covers the content and the origin's own counter, never the local seq; the chain hash
   * then ties the whole entry, id included, to its place in this log.
   */
  private insertAfterTail(entry: NewEntry): NexusEntry {
    const tail = this.tail()
    const refs = this.resolveRefs(entry, tail.seq)
    const ts = this.clock.now()
    assertOriginalTime(entry.originalTs, ts)
    const originSeq = ((this.originSeqStatement.get(this.origin) as number | undefined) ?? 0) + 1
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
      .raw()
      .all(...entry.refs, ...entry.refIds) as [number, string][]
    assertRefIdsExist(entry.refIds, new Set(rows.map(([, id]) => id)))
    return { seqs: rows.map(([seq]) => seq).sort((a, b) => a - b), ids: sortedIds(rows.map(([, id]) => id)) }
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
    const rows = this.select(`${where} ORDER BY seq ${order} LIMIT ?`, ...params, filter.limit ?? 200)
    const total = this.count(`SELECT COUNT(*) FROM nexus_entries ${where}`, ...params)
    return { entries: oldestFirst ? rows : rows.reverse(), total }
  }

  /** Entries after `seq`, oldest first (tails, live updates). */
  since(seq: number, limit: number): NexusEntry[] {
    return this.select('WHERE seq > ? ORDER BY seq LIMIT ?', seq, limit)
  }

  /** The newest `limit` entries by authors other than `agent` after `cursor`, and how many there are in all. */
  unreadFor(agent: string, cursor: number, limit: number): { entries: NexusEntry[]; total: number } {
    const rows = this.select('WHERE seq > ? AND agent <> ? ORDER BY seq DESC LIMIT ?', cursor, agent, limit)
    const total = this.count('SELECT COUNT(*) FROM nexus_entries WHERE seq > ? AND agent <> ?', cursor, agent)
    return { entries: rows.reverse(), total }
  }

  /** The first `limit` entries by authors other than `author` after `cursor`, oldest first, and how many there are in all. */
  unreadAfter(author: string, cursor: number, limit: number): { entries: NexusEntry[]; total: number } {
    const rows = this.select('WHERE seq > ? AND agent <> ? ORDER BY seq ASC LIMIT ?', cursor, author, limit)
    const total = this.count(
      'SELECT COUNT(*) FROM nexus_entries WHERE seq > ? AND agent <> ?',
      cursor,
      author
    )
    return { entries: rows, total }
  }

  get(seqs: readonly number[]): NexusEntry[] {
    if (seqs.length === 0) return []
    return this.select(`WHERE seq IN (${seqs.map(() => '?').join(',')}) ORDER BY seq`, ...seqs)
  }

  /** Entries of one type created at or after `sinceMs`, oldest first. */
  ofType(type: NexusEntryType, sinceMs = 0, limit = 100_000): NexusEntry[] {
    return this.select(
      'WHERE type = ? AND created_at >= ? ORDER BY seq DESC LIMIT ?',
      type,
      sinceMs,
      limit
    ).reverse()
  }

  latestOfType(type: NexusEntryType, agent: string): NexusEntry | null {
    return this.select('WHERE type = ? AND agent = ? ORDER BY seq DESC LIMIT 1', type, agent)[0] ?? null
  }

  /** The newest checkpoint of every author, newest first. */
  latestCheckpoints(): NexusEntry[] {
    return this.select(
      "WHERE seq IN (SELECT MAX(seq) FROM nexus_entries WHERE type = 'checkpoint' GROUP BY agent) ORDER BY seq DESC"
    )
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

  /** Entries of `SELECT … FROM nexus_entries <clause>`, read as tuples. */
  private select(clause: string, ...params: unknown[]): NexusEntry[] {
    return (
      this.db
        .prepare(`${SELECT} ${clause}`)
        .raw()
        .all(...params) as RawNexusRow[]
    ).map(fromRaw)
  }

  private count(sql: string, ...params: unknown[]): number {
    return this.db
      .prepare(sql)
      .pluck()
      .get(...params) as number
  }

  /** The SQL text of each append-only trigger present on nexus_entries, by name. */
  triggers(): Map<string, string> {
    const rows = this.db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'nexus_entries'")
      .all() as {
      name: string
      sql: string
    }[]
    return new Map(rows.map((row) => [row.name, row.sql]))
  }

  cursor(agent: string): number {
    const row = this.db.prepare('SELECT seq FROM nexus_cursors WHERE agent = ?').get(agent) as
      { seq: number } | undefined
    return row?.seq ?? 0
  }

  /**
   * Cursors with their unread counts (entries by others after the cursor), in the order asked,
   * or every stored cursor by agent name. One count per agent: the lane view asks for a handful.
   */
  cursors(agents?: readonly string[]): NexusCursor[] {
    const stored = this.db
      .prepare('SELECT agent, seq, updated_at AS updatedAt FROM nexus_cursors ORDER BY agent')
      .all() as { agent: string; seq: number; updatedAt: number }[]
    const byAgent = new Map(stored.map((row) => [row.agent, row]))
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?')
    return [...new Set(agents ?? byAgent.keys())].map((agent) => {
      const row = byAgent.get(agent)
      const seq = row?.seq ?? 0
      return {
        agent,
        seq,
        unread: (count.get(seq, agent) as { n: number }).n,
        updatedAt: row?.updatedAt ?? null
      }
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

/** The device id the migration made for this home; without it no entry can say where it came from. */
function deviceId(db: Database.Database): string {
  const id = db.prepare('SELECT id FROM device WHERE singleton = 1').pluck().get()
  if (typeof id !== 'string')
    throw new Error('This database has no device id: it was not migrated to the Nexus id schema')
  return id
}

function filterClause(filter: NexusListFilter): { where: string; params: unknown[] } {
  const clauses: [string, unknown][] = []
  if (filter.agent !== undefined) clauses.push(['agent = ?', filter.agent])
  if (filter.type !== undefined) clauses.push(['type = ?', filter.type])
  if (filter.since !== undefined) clauses.push(['seq > ?', filter.since])
  if (filter.before !== undefined) clauses.push(['seq < ?', filter.before])
  const search = filter.search?.trim()
  if (search)
    clauses.push([
      "instr(lower(summary || ' ' || coalesce(body, '') || ' ' || coalesce(rationale, '')), lower(?)) > 0",
      search
    ])
  return {
    where: clauses.length > 0 ? `WHERE ${clauses.map(([sql]) => sql).join(' AND ')}` : '',
    params: clauses.map(([, value]) => value)
  }
}
