import type Database from 'better-sqlite3'
import type { AgentId, SessionCursor } from '../../../shared/contract'
import { readRows } from '../../node/db/rowReader'
import type { SessionRecord } from '../chatTypes'
import { sessionFromRow } from './sessionRows'

export interface SessionPageQuery {
  readonly agentId?: AgentId
  /** Only chats brought in by an import. */
  readonly imported?: boolean
  readonly limit: number
  readonly after?: SessionCursor
}

export interface SessionPage {
  readonly rows: SessionRecord[]
  /** How many chats match in all, over every page. */
  readonly total: number
  /** Where the next page starts; null on the last one. */
  readonly next: SessionCursor | null
}

/**
 * The list's order: pinned first (the latest pin first), then the latest activity, then id.
 * SQLite sorts NULL below every number, so `pinned_at DESC` puts the unpinned ones last with no
 * extra term, and the order is exactly the one the `sessions_listed` indexes (migration 59) hold.
 */
const ORDER = 'ORDER BY pinned_at DESC, updated_at DESC, id'

interface Range {
  readonly where: string
  readonly params: readonly unknown[]
}

/**
 * What follows the cursor, as index ranges in the list's order. The order mixes directions
 * (times descending, id ascending), which one row-value comparison cannot say, so the rest of
 * the cursor's tie group comes first, then the rest of its pin group, then the groups after it.
 * Each range is one seek into the index, read in its order.
 */
function rangesAfter(after: SessionCursor | undefined): Range[] {
  if (after === undefined) return [{ where: '', params: [] }]
  const { pinnedAtMs: pinned, updatedAtMs: updated, id } = after
  if (pinned === null)
    return [
      { where: 'pinned_at IS NULL AND updated_at = ? AND id > ?', params: [updated, id] },
      { where: 'pinned_at IS NULL AND updated_at < ?', params: [updated] }
    ]
  return [
    { where: 'pinned_at = ? AND updated_at = ? AND id > ?', params: [pinned, updated, id] },
    { where: 'pinned_at = ? AND updated_at < ?', params: [pinned, updated] },
    { where: 'pinned_at < ?', params: [pinned] },
    { where: 'pinned_at IS NULL', params: [] }
  ]
}

/** The filter every range shares: live chats (spelled as the partial indexes' condition), of one agent, imported. */
function filterOf(query: SessionPageQuery): Range {
  const where = ['deleted_at IS NULL']
  const params: unknown[] = []
  if (query.agentId !== undefined) {
    where.push('agent_id = ?')
    params.push(query.agentId)
  }
  if (query.imported === true) where.push('import_id IS NOT NULL')
  return { where: where.join(' AND '), params }
}

/** How many chats the filter matches, counted on the listing's index (its entries, not the rows). */
function countOf(db: Database.Database, query: SessionPageQuery, filter: Range): number {
  const index = query.agentId === undefined ? 'sessions_listed' : 'sessions_agent_listed'
  const from = query.imported === true ? 'sessions' : `sessions INDEXED BY ${index}`
  return db
    .prepare(`SELECT count(*) FROM ${from} WHERE ${filter.where}`)
    .pluck()
    .get(...filter.params) as number
}

/**
 * One page of live chats by keyset, in the list's order: the ranges after the cursor are read
 * in turn until the page (and one more row, to tell whether another page follows) is full.
 */
export function readSessionPage(db: Database.Database, query: SessionPageQuery): SessionPage {
  const filter = filterOf(query)
  const rows: SessionRecord[] = []
  for (const range of rangesAfter(query.after)) {
    const wanted = query.limit + 1 - rows.length
    if (wanted <= 0) break
    const where = range.where === '' ? filter.where : `${filter.where} AND ${range.where}`
    const found = db
      .prepare(`SELECT * FROM sessions WHERE ${where} ${ORDER} LIMIT ?`)
      .all(...filter.params, ...range.params, wanted)
    rows.push(...readRows(found, 'sessions', sessionFromRow))
  }
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    rows: page,
    total: countOf(db, query, filter),
    next:
      rows.length > query.limit && last
        ? { pinnedAtMs: last.pinnedAtMs, updatedAtMs: last.updatedAtMs, id: last.id }
        : null
  }
}
