import type { Statement } from 'better-sqlite3'
import { readRows } from '../node/db/rowReader'
import type { KnowledgeKind } from '../../shared/contract/knowledge'
import { RECALL_KINDS, type WordTable } from './wordIndex'

/**
 * A word held by more than this share of the index is common: ranking every item that holds it
 * costs per item (BM25 reads each one's length), a year's index has a hundred thousand such
 * items for the commonest words, and a word that common barely moves the ranking anyway.
 */
export const COMMON_SHARE = 0.02
/** Matches of a common word ranked in one window, the newest first. */
export const WINDOW_MATCHES = 400
/**
 * How much a window grows when it held too few items in scope; also how many times its planned
 * matches a window reads at most, where the word falls more densely than on average.
 */
const WIDEN = 4

/** A stretch of item ids, both ends included. */
interface Span {
  readonly lo: number
  readonly hi: number
}

export interface ScoredId {
  readonly id: number
  readonly score: number
}

/**
 * Ranks only the newest matches of a common word: within each stretch of ids the searched kinds
 * occupy, a window of about `WINDOW_MATCHES` matches below its newest item, widened while it
 * holds fewer than `limit` items in scope. Scores are BM25 (lower is better), comparable across
 * windows of one query.
 */
export class NewestMatches {
  /** `statement` prepares once per SQL text: the searcher's own cache, shared. */
  constructor(private readonly statement: (sql: string) => Statement<unknown[]>) {}

  /** Whether a word held by `documents` items is common in this word index (see `COMMON_SHARE`). */
  isCommon(documents: number, table: WordTable = 'knowledge_fts'): boolean {
    return documents > this.commonAbove(table)
  }

  /** The most items a word may hold in this word index and not be common; and how many ids the items span. */
  counting(table: WordTable = 'knowledge_fts'): { cap: number; lastId: number } {
    return { cap: Math.floor(this.commonAbove(table)) + 1, lastId: this.maxId() }
  }

  private commonAbove(table: WordTable): number {
    return Math.max(WINDOW_MATCHES, this.size(table) * COMMON_SHARE)
  }

  /**
   * How many items a word index holds: every item's spans the ids; recall's holds its kinds,
   * counted by migration 0069's triggers (its facts are a tenth of a year's index, and a common
   * word among them is counted to a tenth as many).
   */
  private size(table: WordTable): number {
    if (table === 'knowledge_fts') return this.maxId()
    const sql = `SELECT COALESCE(SUM(n), 0) AS n FROM knowledge_kind_counts WHERE kind IN (${RECALL_KINDS.map((kind) => `'${kind}'`).join(', ')})`
    return readRows(this.statement(sql).all(), 'knowledge_kind_counts', (row) => row.int('n'))[0] ?? 0
  }

  ranked(
    table: string,
    weights: string,
    match: string,
    documents: number,
    kinds: readonly KnowledgeKind[] | undefined,
    keep: (ids: readonly ScoredId[]) => ScoredId[],
    limit: number
  ): ScoredId[] {
    const lastId = this.maxId()
    const density = documents / Math.max(1, lastId)
    const all = this.spans(kinds).flatMap((span) =>
      // Nearer the end of the index, read down from the span's newest item; nearer the start, up
      // to it (see `fromTop`).
      lastId - span.hi < span.hi
        ? this.fromTop(table, weights, match, span, keep, limit)
        : this.inSpan(table, weights, match, span, density, keep, limit)
    )
    return all.sort((a, b) => a.score - b.score || b.id - a.id).slice(0, limit)
  }

  /**
   * The span's newest matches, read downward from its newest item: exactly the newest
   * `WINDOW_MATCHES` (then four times as many, while too few are in scope). The full-text index
   * walks a word's items from one end of its list to the first it returns, so reading down is
   * cheap only for a span near the end of the index, as a year's newest items are; a span near
   * the start is read upward instead (`inSpan`). Only an upper bound is given: with a lower one
   * too, the index walked the list from its start.
   */
  private fromTop(
    table: string,
    weights: string,
    match: string,
    span: Span,
    keep: (ids: readonly ScoredId[]) => ScoredId[],
    limit: number
  ): ScoredId[] {
    const sql = `SELECT rowid AS id, bm25(${table}, ${weights}) AS score FROM ${table}
      WHERE ${table} MATCH ? AND rowid <= ? ORDER BY rowid DESC LIMIT ?`
    for (let wanted = WINDOW_MATCHES; ; wanted *= WIDEN) {
      const rows = readRows(this.statement(sql).all(match, span.hi, wanted), table, (row) => ({
        id: row.int('id'),
        score: row.real('score')
      }))
      const kept = keep(rows.filter((row) => row.id >= span.lo))
      const exhausted = rows.length < wanted || (rows.at(-1)?.id ?? span.lo) < span.lo
      if (kept.length >= limit || exhausted) return kept
    }
  }

  /** A window sized by how densely the word falls, read upward from its lower end (a span near the index's start). */
  private inSpan(
    table: string,
    weights: string,
    match: string,
    span: Span,
    density: number,
    keep: (ids: readonly ScoredId[]) => ScoredId[],
    limit: number
  ): ScoredId[] {
    const sql = `SELECT rowid AS id, bm25(${table}, ${weights}) AS score FROM ${table}
      WHERE ${table} MATCH ? AND rowid >= ? ORDER BY rowid LIMIT ?`
    for (let wanted = WINDOW_MATCHES; ; wanted *= WIDEN) {
      const floor = Math.max(span.lo, span.hi - Math.ceil(wanted / density) + 1)
      const rows = readRows(this.statement(sql).all(match, floor, wanted * WIDEN), table, (row) => ({
        id: row.int('id'),
        score: row.real('score')
      }))
      const kept = keep(rows.filter((row) => row.id <= span.hi))
      if (kept.length >= limit || floor === span.lo) return kept
    }
  }

  /** Where the searched kinds sit in id order (every id when any kind is searched). */
  private spans(kinds: readonly KnowledgeKind[] | undefined): Span[] {
    if (kinds === undefined || kinds.length === 0) return [{ lo: 1, hi: this.maxId() }]
    // Two seeks of migration 0064's index (min and max in one query would read the whole range).
    const end = (kind: KnowledgeKind, order: 'ASC' | 'DESC'): number | null =>
      readRows(
        this.statement(`SELECT id FROM knowledge_items WHERE kind = ? ORDER BY id ${order} LIMIT 1`).all(
          kind
        ),
        'knowledge_items',
        (row) => row.int('id')
      )[0] ?? null
    const spans = kinds.flatMap((kind) => {
      const lo = end(kind, 'ASC')
      const hi = end(kind, 'DESC')
      return lo !== null && hi !== null ? [{ lo, hi }] : []
    })
    return mergeOverlapping(spans)
  }

  private maxId(): number {
    const sql = 'SELECT max(id) AS hi FROM knowledge_items'
    return readRows(this.statement(sql).all(), 'knowledge_items', (row) => row.intOrNull('hi'))[0] ?? 0
  }
}

/** Spans that overlap become one, so no item is ranked twice. */
function mergeOverlapping(spans: readonly Span[]): Span[] {
  const merged: Span[] = []
  for (const span of [...spans].sort((a, b) => a.lo - b.lo)) {
    const last = merged.at(-1)
    if (last && span.lo <= last.hi)
      merged[merged.length - 1] = { lo: last.lo, hi: Math.max(last.hi, span.hi) }
    else merged.push(span)
  }
  return merged
}
