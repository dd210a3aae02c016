import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { queryTokens, type QueryTerm } from '../memory/recallQuery'

/** Document frequencies older than this are re-read; they only steer which words to skip. */
const VOCAB_MAX_AGE_MS = 60_000
const STOP_MARK = 'hearthstopmark'

/**
 * The knowledge index's view of a query: its words turned into index terms by the index's own
 * tokenizer (porter stemming, diacritics removed), and how many items hold each term. Both live
 * in TEMP tables of this connection, so a search never writes to hearth.db.
 */
export class QueryTerms {
  private vocab = new Map<string, number>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private readonly insertQuery
  private readonly clearQuery
  private readonly readQuery
  private readonly readVocab

  constructor(
    db: Db,
    private readonly now: () => number = () => Date.now()
  ) {
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.knowledge_vocab USING fts5vocab(main, knowledge_fts, 'row');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.knowledge_query USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.knowledge_query_terms USING fts5vocab(temp, knowledge_query, 'instance');
    `)
    this.insertQuery = db.prepare('INSERT INTO temp.knowledge_query (rowid, text) VALUES (1, ?)')
    this.clearQuery = db.prepare('DELETE FROM temp.knowledge_query')
    this.readQuery = db.prepare('SELECT term, offset FROM temp.knowledge_query_terms ORDER BY offset')
    this.readVocab = db.prepare('SELECT term, doc FROM temp.knowledge_vocab')
  }

  /** The query's words with their index terms, by position; null where a stopword was (kept for phrases). */
  terms(text: string): (QueryTerm | null)[] {
    const tokens = queryTokens(text)
    if (tokens.every((t) => t === null)) return []
    this.clearQuery.run()
    this.insertQuery.run(tokens.map((t) => t ?? STOP_MARK).join(' '))
    const rows = readRows(this.readQuery.all(), 'knowledge_query_terms', (row) => ({
      term: row.text('term'),
      offset: row.int('offset')
    }))
    this.clearQuery.run()
    const terms: (QueryTerm | null)[] = new Array<QueryTerm | null>(tokens.length).fill(null)
    for (const row of rows) {
      const word = tokens[row.offset]
      if (word && row.term !== STOP_MARK) terms[row.offset] = { word, stem: row.term }
    }
    return terms
  }

  /**
   * Items holding `term` (approximate: refreshed once a minute). An unknown term counts as rare
   * (1), or as absent (0) when `exact`, which is how a search tells a part of a word from a word.
   */
  documentFrequency(term: string, exact = false): number {
    if (this.now() - this.loadedAt > VOCAB_MAX_AGE_MS) this.reload()
    return this.vocab.get(term) ?? (exact ? 0 : 1)
  }

  /** Forgets the counts, so the next query reads them again (after a large indexing run). */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY
  }

  private reload(): void {
    const rows = readRows(this.readVocab.all(), 'knowledge_vocab', (row) => ({
      term: row.text('term'),
      doc: row.int('doc')
    }))
    this.vocab = new Map(rows.map((row) => [row.term, row.doc]))
    this.loadedAt = this.now()
  }
}
