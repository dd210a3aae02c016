import type Database from 'better-sqlite3'
import { readRows } from '../node/db/rowReader'
import { readStoredConflict, type StoredConflict } from './conflictRows'

/** Where a page of conflicts ends: its last pair, in the listing's order (newest later decision first). */
export interface ConflictCursor {
  readonly first: number
  readonly second: number
}

export interface ConflictPageQuery {
  readonly includeResolved?: boolean
  /** Only pairs one of whose decisions is among these seqs (the entries a view shows). */
  readonly among?: readonly number[]
  readonly limit: number
  readonly after?: ConflictCursor
}

export interface ConflictPage {
  readonly rows: StoredConflict[]
  /** How many pairs match the query in all (every page). */
  readonly total: number
  /** The cursor of the next page; null on the last one. */
  readonly next: ConflictCursor | null
}

/** The WHERE clause of a query and its parameters, without the page's cursor. */
function filterOf(query: ConflictPageQuery): { where: string[]; params: unknown[] } {
  const where: string[] = []
  const params: unknown[] = []
  // Spelled as the partial index's condition, so open pairs are read from that index.
  if (query.includeResolved !== true) where.push('c.resolved_by IS NULL')
  if (query.among !== undefined) {
    const marks = query.among.map(() => '?').join(', ')
    where.push(`(c.first_seq IN (${marks}) OR c.second_seq IN (${marks}))`)
    params.push(...query.among, ...query.among)
  }
  return { where, params }
}

function clause(where: readonly string[]): string {
  return where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`
}

/**
 * A page of flagged pairs by keyset: the pairs before the cursor in (second_seq, first_seq)
 * descending order, one more than asked read to tell whether another page follows.
 */
export function readConflictPage(db: Database.Database, query: ConflictPageQuery): ConflictPage {
  if (query.among !== undefined && query.among.length === 0) return { rows: [], total: 0, next: null }
  const { where, params } = filterOf(query)
  const total = db
    .prepare(`SELECT count(*) FROM nexus_conflicts c ${clause(where)}`)
    .pluck()
    .get(...params) as number
  const paged = query.after === undefined ? where : [...where, '(c.second_seq, c.first_seq) < (?, ?)']
  const cursor = query.after === undefined ? [] : [query.after.second, query.after.first]
  const rows = readRows(
    db
      .prepare(
        `SELECT c.* FROM nexus_conflicts c ${clause(paged)}
         ORDER BY c.second_seq DESC, c.first_seq DESC LIMIT ?`
      )
      .all(...params, ...cursor, query.limit + 1),
    'nexus_conflicts',
    readStoredConflict
  )
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    rows: page,
    total,
    next: rows.length > query.limit && last ? { first: last.firstSeq, second: last.secondSeq } : null
  }
}
