import type { AgentId } from '../../shared/contract'
import type { MemoriesCursor, ReviewCursor } from '../../shared/contract/factPages'
import type { Fact, FactStatus } from '../../shared/contract/review'

/** The WHERE … ORDER BY … LIMIT part of a page of facts (the SELECT is the store's). */
export interface FactPageQuery {
  readonly clause: string
  readonly args: readonly (string | number)[]
  readonly limit: number
}

/** A page of facts and where the next one starts (null at the end). */
export interface FactPage<Cursor> {
  readonly facts: Fact[]
  readonly next: Cursor | null
}

/**
 * Review's order: agent, source chat ('' for none), id — the order of index
 * memory_facts_review_order, so a page is a range of it whatever the filter. One row more than
 * the page is read, to know whether another follows.
 */
export function reviewPageQuery(
  filter: { agentId?: AgentId; status: FactStatus; importId?: string },
  after: ReviewCursor | undefined,
  limit: number
): FactPageQuery {
  const where = ['f.status = ?']
  const args: (string | number)[] = [filter.status]
  if (filter.agentId !== undefined) (where.push('f.agent_id = ?'), args.push(filter.agentId))
  if (filter.importId !== undefined) (where.push('f.import_id = ?'), args.push(filter.importId))
  if (after !== undefined) {
    where.push("(f.agent_id, coalesce(f.session_id, ''), f.id) > (?, ?, ?)")
    args.push(after.agentId, after.sessionId, after.id)
  }
  return {
    clause: `WHERE ${where.join(' AND ')} ORDER BY f.agent_id, coalesce(f.session_id, ''), f.id LIMIT ${limit + 1}`,
    args,
    limit
  }
}

export function reviewCursorOf(fact: Fact): ReviewCursor {
  return { agentId: fact.agentId, sessionId: fact.sessionId ?? '', id: fact.id }
}

/**
 * Memories' order: one agent's facts of one status, most recently changed first, then the higher
 * id — the order of index memory_facts_recent, so a page is a range of it. Memory-tool writes
 * approved in Review are left out: they live in MEMORY.md / USER.md, which Memories lists.
 */
export function recentPageQuery(
  filter: { agentId: AgentId; status: FactStatus },
  after: MemoriesCursor | undefined,
  limit: number
): FactPageQuery {
  const where = ['f.agent_id = ?', 'f.status = ?', "f.origin != 'tool'"]
  const args: (string | number)[] = [filter.agentId, filter.status]
  if (after !== undefined) {
    where.push('(f.updated_at, f.id) < (?, ?)')
    args.push(after.updatedAtMs, after.id)
  }
  return {
    clause: `WHERE ${where.join(' AND ')} ORDER BY f.updated_at DESC, f.id DESC LIMIT ${limit + 1}`,
    args,
    limit
  }
}

export function recentCursorOf(fact: Fact): MemoriesCursor {
  return { updatedAtMs: fact.updatedAtMs, id: fact.id }
}

/** The page a query's rows make: the extra row read only says that another page follows. */
export function pageOf<Cursor>(
  rows: Fact[],
  query: FactPageQuery,
  cursorOf: (fact: Fact) => Cursor
): FactPage<Cursor> {
  const facts = rows.slice(0, query.limit)
  const last = facts.at(-1)
  return { facts, next: rows.length > query.limit && last !== undefined ? cursorOf(last) : null }
}
