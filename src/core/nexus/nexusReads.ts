import type Database from 'better-sqlite3'
import type { NexusEntry, NexusEntryType, NexusListFilter } from '../../shared/contract/nexus'
import { keptStatements } from '../node/db/keptStatements'
import { readRow, readRows } from '../node/db/rowReader'
import { checkedTuple, ENTRY_COLUMNS, fromRaw, type RawNexusRow } from './nexusRows'

const SELECT = `SELECT ${ENTRY_COLUMNS} FROM nexus_entries`
const TAIL_SEQ = 'SELECT COALESCE(MAX(seq), 0) AS n FROM nexus_entries'

/** Entries of one type by one author, counted. */
export interface UnreadGroup {
  readonly type: string
  readonly agent: string
  readonly count: number
}

function groupRows(rows: unknown[]): UnreadGroup[] {
  return readRows(rows, 'nexus_entries', (row) => ({
    type: row.text('type'),
    agent: row.text('agent'),
    count: row.int('n')
  }))
}

/** Most first; equal counts by type, then author, so a summary reads the same every time. */
function byCountThenName(groups: UnreadGroup[]): UnreadGroup[] {
  return groups.sort(
    (a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.agent.localeCompare(b.agent)
  )
}

/** A listing filter plus the authors whose display name matched `search` (resolved by the service). */
export interface NexusSearchFilter extends NexusListFilter {
  readonly searchAuthors?: readonly string[]
}

/**
 * The Nexus's queries: listings, unread slices, lookups and the raw walk `verify` takes. Rows
 * are read as column tuples (cheaper in bulk than objects), each checked against the schema's
 * column types before it becomes an entry.
 */
export class NexusEntryReads {
  /** The page `eachRawAfter` steps through, prepared once. */
  private pageStatement: Database.Statement | undefined

  /** Statements prepared once and kept, as objects or as column tuples (see keptStatements). */
  private readonly statement: (sql: string) => Database.Statement
  private readonly tuples: (sql: string) => Database.Statement

  constructor(protected readonly db: Database.Database) {
    this.statement = keptStatements(db)
    this.tuples = keptStatements(db, 'raw')
  }

  /**
   * Entries matching the filter, in ascending order, plus the match count: the newest `limit`
   * of them, or with `oldestFirst` the first `limit` (a follower paging forward from `since`).
   */
  list(filter: NexusSearchFilter, oldestFirst = false): { entries: NexusEntry[]; total: number } {
    const { where, params } = filterClause(filter)
    const order = oldestFirst ? 'ASC' : 'DESC'
    const rows = this.select(`${where} ORDER BY seq ${order} LIMIT ?`, ...params, filter.limit ?? 200)
    // Unfiltered, the count is the last seq: seqs run 1, 2, 3… with no gap (verify checks it), and
    // counting a year of entries row by row is what made the lanes wait.
    const total =
      where === ''
        ? this.count('SELECT COALESCE(MAX(seq), 0) AS n FROM nexus_entries')
        : this.count(`SELECT COUNT(*) AS n FROM nexus_entries ${where}`, ...params)
    return { entries: oldestFirst ? rows : rows.reverse(), total }
  }

  /** Entries after `seq`, oldest first (tails, live updates). */
  since(seq: number, limit: number): NexusEntry[] {
    return this.select('WHERE seq > ? ORDER BY seq LIMIT ?', seq, limit)
  }

  /**
   * The newest `limit` entries by authors other than `agent` after `cursor`, oldest first. (The
   * turn's block counts the rest by type with `unreadBreakdown`; a count here read every unread
   * entry of an agent far behind again.)
   */
  unreadFor(agent: string, cursor: number, limit: number): NexusEntry[] {
    return this.select(
      'WHERE seq > ? AND agent <> ? ORDER BY seq DESC LIMIT ?',
      cursor,
      agent,
      limit
    ).reverse()
  }

  /** The first `limit` entries by authors other than `author` after `cursor`, oldest first, and how many there are in all. */
  unreadAfter(author: string, cursor: number, limit: number): { entries: NexusEntry[]; total: number } {
    const rows = this.select('WHERE seq > ? AND agent <> ? ORDER BY seq ASC LIMIT ?', cursor, author, limit)
    const total = this.count(
      'SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?',
      cursor,
      author
    )
    return { entries: rows, total }
  }

  /**
   * Entries by others after `cursor`, leaving out `shown`, counted by type and author (most
   * first). Counted over whichever side of the cursor is shorter: after it, or (for a reader far
   * behind, such as an agent that never read the log) the trigger-kept counts of the whole log
   * (migration 0072) less the entries up to it.
   */
  unreadBreakdown(agent: string, cursor: number, shown: readonly number[]): UnreadGroup[] {
    const tail = readRow(this.statement(TAIL_SEQ).get(), 'nexus_entries').int('n')
    if (tail - cursor <= cursor) return this.groupsAfter(agent, cursor, shown)
    const counts = new Map<string, UnreadGroup>()
    const add = (groups: readonly UnreadGroup[], sign: 1 | -1): void => {
      for (const group of groups) {
        const key = `${group.type}\u0000${group.agent}`
        const count = (counts.get(key)?.count ?? 0) + sign * group.count
        counts.set(key, { ...group, count })
      }
    }
    add(
      groupRows(this.statement('SELECT type, agent, n FROM nexus_type_counts WHERE agent <> ?').all(agent)),
      1
    )
    // NOT INDEXED: the seq range up to the cursor, not a walk of the (type, agent, seq) index.
    add(this.groups(`seq <= ? AND agent <> ?`, [cursor, agent]), -1)
    if (shown.length > 0)
      add(
        this.groups(`seq IN (${shown.map(() => '?').join(',')}) AND seq > ? AND agent <> ?`, [
          ...shown,
          cursor,
          agent
        ]),
        -1
      )
    return byCountThenName([...counts.values()].filter((group) => group.count > 0))
  }

  /** The unread side counted directly: the entries after the cursor. */
  private groupsAfter(agent: string, cursor: number, shown: readonly number[]): UnreadGroup[] {
    const exclude = shown.length > 0 ? `AND seq NOT IN (${shown.map(() => '?').join(',')})` : ''
    // NOT INDEXED keeps the planner on the seq range (the unread entries only): left to choose, it
    // walks all of (type, agent, seq) because that index covers the grouping, which reads the
    // whole log at every turn however little is unread.
    return byCountThenName(this.groups(`seq > ? AND agent <> ? ${exclude}`, [cursor, agent, ...shown]))
  }

  private groups(where: string, params: readonly unknown[]): UnreadGroup[] {
    return groupRows(
      this.statement(
        `SELECT type, agent, COUNT(*) AS n FROM nexus_entries NOT INDEXED WHERE ${where} GROUP BY type, agent`
      ).all(...params)
    )
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

  /** Entries of one type after `afterSeq`, oldest first. */
  ofTypeAfter(type: NexusEntryType, afterSeq: number, limit = 100_000): NexusEntry[] {
    return this.select('WHERE type = ? AND seq > ? ORDER BY seq LIMIT ?', type, afterSeq, limit)
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
   * Rows after `afterSeq` in order as column tuples (ENTRY_COLUMNS order), at most `limit` of
   * them, each handed to `visit` as it is read; returns how many were read. One short statement
   * per page, stepped row by row (no array of the whole page): this is what keeps `verify` of
   * 200,000 entries near a second of CPU. The statement is finished when this returns, so a
   * caller may give the thread back between pages while other calls use the connection.
   */
  eachRawAfter(afterSeq: number, limit: number, visit: (row: RawNexusRow) => void): number {
    this.pageStatement ??= this.db.prepare(`${SELECT} WHERE seq > ? ORDER BY seq LIMIT ?`).raw()
    let read = 0
    for (const row of this.pageStatement.iterate(afterSeq, limit)) {
      read++
      visit(checkedTuple(row))
    }
    return read
  }

  /** Entries of `SELECT … FROM nexus_entries <clause>`, read as tuples. */
  private select(clause: string, ...params: unknown[]): NexusEntry[] {
    return this.tuples(`${SELECT} ${clause}`)
      .all(...params)
      .map((row) => fromRaw(checkedTuple(row)))
  }

  private count(sql: string, ...params: unknown[]): number {
    return readRow(this.statement(sql).get(...params), 'nexus_entries').int('n')
  }

  /** The SQL text of each append-only trigger present on nexus_entries, by name. */
  triggers(): Map<string, string> {
    const rows = this.statement(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'nexus_entries'"
    ).all()
    return new Map(readRows(rows, 'sqlite_master', (row) => [row.text('name'), row.text('sql')] as const))
  }
}

/**
 * What `search` matches: words in summary, body or rationale; the author's id, or a display name
 * the service resolved to author ids; and `#12` or `12`, the entry with that seq.
 */
function searchClause(search: string, authors: readonly string[]): [string, unknown[]] {
  const text =
    "instr(lower(summary || ' ' || coalesce(body, '') || ' ' || coalesce(rationale, '')), lower(?)) > 0"
  const parts = [text, 'instr(lower(agent), lower(?)) > 0']
  const params: unknown[] = [search, search]
  if (authors.length > 0) {
    parts.push(`agent IN (${authors.map(() => '?').join(', ')})`)
    params.push(...authors)
  }
  const seq = /^#?(\d{1,15})$/.exec(search)
  if (seq) {
    parts.push('seq = ?')
    params.push(Number(seq[1]))
  }
  return [`(${parts.join(' OR ')})`, params]
}

function filterClause(filter: NexusSearchFilter): { where: string; params: unknown[] } {
  const clauses: [string, ...unknown[]][] = []
  if (filter.agent !== undefined) clauses.push(['agent = ?', filter.agent])
  if (filter.type !== undefined) clauses.push(['type = ?', filter.type])
  if (filter.since !== undefined) clauses.push(['seq > ?', filter.since])
  if (filter.before !== undefined) clauses.push(['seq < ?', filter.before])
  const search = filter.search?.trim()
  if (search) {
    const [sql, params] = searchClause(search, filter.searchAuthors ?? [])
    clauses.push([sql, ...params])
  }
  return {
    where: clauses.length > 0 ? `WHERE ${clauses.map(([sql]) => sql).join(' AND ')}` : '',
    params: clauses.flatMap(([, ...values]) => values)
  }
}
