import type { Statement } from 'better-sqlite3'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { planMatchQuery, type QueryTerm } from '../memory/recallQuery'
import { NewestMatches } from './newestMatches'
import { QueryTerms, type DocumentCount } from './queryTerms'
import { wordTable, type WordTable } from './wordIndex'
import { KnowledgeKind } from '../../shared/contract/knowledge'
import { inScope, scopeSql, type SearchScope } from './searchScope'

/** Ranked item ids, best first. */
export type RankedIds = readonly number[]

/** The words a search looked for, for the snippet to mark. */
export interface LexicalResult {
  readonly words: RankedIds
  readonly partial: RankedIds
  /** Query words and their stems (the snippet marks both). */
  readonly terms: readonly QueryTerm[]
  /** Words the word index does not know: matched as parts of words (trigrams) instead. */
  readonly partialWords: readonly string[]
  /**
   * Set when every word searched for is in so many items that only the newest of them were
   * ranked (`NewestMatches`): the word and how many items hold it (`estimated`: at least that many;
   * past the common-word share, items are not counted one by one).
   */
  readonly newestOnly: { readonly word: string; readonly items: number; readonly estimated: boolean } | null
}

/** Title counts double: a page or chat named after the words is more likely what is meant. */
const BM25_WEIGHTS = '2.0, 1.0'

/**
 * BM25 over the word index (stemmed, diacritics folded; adjacent words also as phrases, so
 * words in order outrank the same words scattered), and, for words the index does not hold as
 * words (a part of a word, a piece of an identifier), the trigram index.
 */
export class LexicalSearch {
  /** Each word index's counts: every item's, and recall's (migration 0070). */
  private readonly counts: Record<WordTable, QueryTerms>
  private readonly newest: NewestMatches
  private readonly statements = new Map<string, Statement<unknown[]>>()
  /** Scopes the prefilter could not answer lately, with how many searches to skip it for. */
  private readonly narrowScopes = new Map<string, number>()

  constructor(private readonly db: Db) {
    this.newest = new NewestMatches((sql) => this.statement(sql))
    this.counts = {
      knowledge_fts: new QueryTerms(db, () => this.newest.counting('knowledge_fts')),
      knowledge_recall_fts: new QueryTerms(
        db,
        () => this.newest.counting('knowledge_recall_fts'),
        undefined,
        'knowledge_recall_fts'
      )
    }
  }

  /** Items were indexed: words not in the index before are looked up again. */
  refresh(): void {
    for (const counts of Object.values(this.counts)) counts.invalidate()
  }

  search(text: string, scope: SearchScope, limit: number): LexicalResult {
    const table = wordTable(scope)
    const counts = this.counts[table]
    const terms = counts.terms(text)
    const known = terms.filter((term): term is QueryTerm => term !== null)
    const plan = planMatchQuery(terms, (stem) => counts.documentFrequency(stem))
    // Only when the rarest word alone is common: the budget then keeps no other word.
    const rarest = rarestWord(known, (stem) => counts.count(stem))
    const common = plan !== null && rarest !== null && this.newest.isCommon(rarest.items, table)
    const words =
      plan === null
        ? []
        : common
          ? this.rankedNewest(table, plan.match, plan.documents, scope, limit)
          : this.ranked(table, plan.match, scope, limit)
    // A word no item of the whole index holds is searched as a part of words (a word only
    // missing from recall's index is simply not in any fact).
    const unknown = (term: QueryTerm): boolean =>
      counts.documentFrequency(term.stem, true) === 0 &&
      (table === 'knowledge_fts' || !this.inWholeIndex(term.word))
    const partialWords = [...new Set(known.filter(unknown).map((t) => t.word))].filter(
      (word) => [...word].length >= 3
    )
    const partial =
      partialWords.length === 0
        ? []
        : this.ranked(
            'knowledge_trigram',
            partialWords.map((word) => `"${word.replace(/"/g, '""')}"`).join(' OR '),
            scope,
            limit
          )
    // An estimated count is only steering; what the search tells is what was counted: at least the cap.
    const newestOnly =
      common && rarest !== null
        ? {
            word: rarest.word,
            items: rarest.estimated ? this.newest.counting(table).cap : rarest.items,
            estimated: rarest.estimated
          }
        : null
    return { words, partial, terms: known, partialWords, newestOnly }
  }

  /** Whether any item holds the word: one seek into its list of items, none of them counted. */
  private inWholeIndex(word: string): boolean {
    const sql = 'SELECT 1 FROM knowledge_fts WHERE knowledge_fts MATCH ? LIMIT 1'
    return this.statement(sql).all(`"${word.replace(/"/g, '""')}"`).length > 0
  }

  /** The best in scope among the newest matches of a word most items hold (see `NewestMatches`). */
  private rankedNewest(
    table: WordTable,
    match: string,
    documents: number,
    scope: SearchScope,
    limit: number
  ): number[] {
    const keep = (hits: readonly { id: number; score: number }[]): { id: number; score: number }[] => {
      const access = this.access(hits.map((hit) => hit.id))
      return hits.filter((hit) => {
        const item = access.get(hit.id)
        return item !== undefined && inScope(scope, item)
      })
    }
    return this.newest
      .ranked(table, BM25_WEIGHTS, match, documents, scope.kinds, keep, limit)
      .map((hit) => hit.id)
  }

  /**
   * The best `limit` items in scope for one MATCH, best first (newer first among equals). The
   * index ranks its top matches alone first, with no row of `knowledge_items` read; only those
   * few are then checked against the scope. When that cannot prove it has the true best in scope
   * (too few survived, or a tie at the edge), the one query that ranks every match in scope
   * answers instead, and for a while after, since that scope is narrow.
   */
  private ranked(table: Table, match: string, scope: SearchScope, limit: number): number[] {
    const key = `${table} ${scopeKey(scope)}`
    const skip = this.narrowScopes.get(key) ?? 0
    if (skip > 0) {
      this.narrowScopes.set(key, skip - 1)
      return this.rankedInScope(table, match, scope, limit)
    }
    const depth = limit * PREFILTER_DEPTH
    const top = readRows(this.statement(topSql(table)).all(match, depth), table, (row) => ({
      id: row.int('id'),
      score: row.real('score')
    }))
    const access = this.access(top.map((hit) => hit.id))
    const kept = top
      .filter((hit) => {
        const item = access.get(hit.id)
        return item !== undefined && inScope(scope, item)
      })
      .sort((a, b) => a.score - b.score || (access.get(b.id)?.ts ?? 0) - (access.get(a.id)?.ts ?? 0))
    const edge = top.at(-1)?.score ?? 0
    const proven = top.length < depth || (kept.length >= limit && (kept[limit - 1]?.score ?? edge) < edge)
    if (proven) return kept.slice(0, limit).map((hit) => hit.id)
    if (kept.length < limit) this.narrowScopes.set(key, NARROW_SKIPS)
    return this.rankedInScope(table, match, scope, limit)
  }

  /** Every match in scope ranked; each match's scope is read from migration 0067's index, not its row. */
  private rankedInScope(table: Table, match: string, scope: SearchScope, limit: number): number[] {
    const where = scopeSql(scope)
    const sql = `SELECT i.id AS id FROM ${table} JOIN knowledge_items i INDEXED BY knowledge_items_scope ON i.id = ${table}.rowid
          WHERE ${table} MATCH ? AND ${where.sql} ORDER BY bm25(${table}, ${BM25_WEIGHTS}), i.ts DESC LIMIT ?`
    const rows = this.statement(sql).all(match, ...where.params, limit)
    return readRows(rows, 'knowledge_items', (row) => row.int('id'))
  }

  /**
   * Who may see each item, and when it was written; looked up by id in migration 0067's index
   * of those columns (named: by id alone the planner would read the items' own rows, text and all).
   */
  private access(ids: readonly number[]): Map<number, ItemAccess> {
    if (ids.length === 0) return new Map()
    const sql = `SELECT id, ts, kind, audience, agent_id FROM knowledge_items INDEXED BY knowledge_items_scope WHERE id IN (${ids.map(() => '?').join(', ')})`
    const rows = readRows(this.statement(sql).all(...ids), 'knowledge_items', (row) => ({
      id: row.int('id'),
      ts: row.int('ts'),
      kind: row.oneOf('kind', KnowledgeKind.options),
      audience: row.text('audience'),
      agentId: row.textOrNull('agent_id')
    }))
    return new Map(rows.map((row) => [row.id, row]))
  }

  private statement(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }
}

type Table = WordTable | 'knowledge_trigram'

interface ItemAccess {
  readonly id: number
  readonly ts: number
  readonly kind: KnowledgeKind
  readonly audience: string
  readonly agentId: string | null
}

/** The index's own top matches are read this many times deeper than asked, before the scope. */
const PREFILTER_DEPTH = 2
/** After a scope proved too narrow for the prefilter, this many searches in it skip the prefilter. */
const NARROW_SKIPS = 16

function topSql(table: Table): string {
  return `SELECT rowid AS id, bm25(${table}, ${BM25_WEIGHTS}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY score LIMIT ?`
}

function scopeKey(scope: SearchScope): string {
  return `${scope.publicOnly === true ? 'public' : (scope.agentId ?? 'user')} ${[...(scope.kinds ?? [])].sort().join(',')}`
}

/** The query's rarest word and how many items hold it (estimated for the index's commonest words). */
function rarestWord(
  terms: readonly QueryTerm[],
  count: (stem: string) => DocumentCount
): { word: string; items: number; estimated: boolean } | null {
  let rarest: { word: string; items: number; estimated: boolean } | null = null
  for (const term of terms) {
    const { doc, estimated } = count(term.stem)
    const items = Math.max(1, doc)
    if (rarest === null || items < rarest.items) rarest = { word: term.word, items, estimated }
  }
  return rarest
}
