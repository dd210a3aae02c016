import type { Statement } from 'better-sqlite3'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { buildMatchQuery, type QueryTerm } from '../memory/recallQuery'
import { QueryTerms } from './queryTerms'
import { scopeSql, type SearchScope } from './searchScope'

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
}

/** Title counts double: a page or chat named after the words is more likely what is meant. */
const BM25_WEIGHTS = '2.0, 1.0'

/**
 * BM25 over the word index (stemmed, diacritics folded; adjacent words also as phrases, so
 * words in order outrank the same words scattered), and, for words the index does not hold as
 * words (a part of a word, a piece of an identifier), the trigram index.
 */
export class LexicalSearch {
  private readonly terms: QueryTerms
  private readonly statements = new Map<string, Statement<unknown[]>>()

  constructor(private readonly db: Db) {
    this.terms = new QueryTerms(db)
  }

  /** Items were indexed: words not in the index before are looked up again. */
  refresh(): void {
    this.terms.invalidate()
  }

  search(text: string, scope: SearchScope, limit: number): LexicalResult {
    const terms = this.terms.terms(text)
    const known = terms.filter((term): term is QueryTerm => term !== null)
    const match = buildMatchQuery(terms, (stem) => this.terms.documentFrequency(stem))
    const words = match === null ? [] : this.ranked('knowledge_fts', match, scope, limit)
    const partialWords = [
      ...new Set(
        known.filter((term) => this.terms.documentFrequency(term.stem, true) === 0).map((t) => t.word)
      )
    ].filter((word) => [...word].length >= 3)
    const partial =
      partialWords.length === 0
        ? []
        : this.ranked(
            'knowledge_trigram',
            partialWords.map((word) => `"${word.replace(/"/g, '""')}"`).join(' OR '),
            scope,
            limit
          )
    return { words, partial, terms: known, partialWords }
  }

  private ranked(
    table: 'knowledge_fts' | 'knowledge_trigram',
    match: string,
    scope: SearchScope,
    limit: number
  ): number[] {
    const where = scopeSql(scope)
    const sql = `SELECT i.id AS id FROM ${table} JOIN knowledge_items i ON i.id = ${table}.rowid
          WHERE ${table} MATCH ? AND ${where.sql} ORDER BY bm25(${table}, ${BM25_WEIGHTS}), i.ts DESC LIMIT ?`
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    const rows = statement.all(match, ...where.params, limit)
    return readRows(rows, 'knowledge_items', (row) => row.int('id'))
  }
}
