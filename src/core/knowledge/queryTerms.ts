import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { queryTokens, type QueryTerm } from '../memory/recallQuery'

/** Document frequencies older than this are re-read; they only steer which words to skip. */
const VOCAB_MAX_AGE_MS = 60_000
/** Terms whose counts are kept; past this the oldest are dropped. */
const VOCAB_CACHE = 20_000
const STOP_MARK = 'hearthstopmark'

/**
 * The knowledge index's view of a query: its words turned into index terms by the index's own
 * tokenizer (porter stemming, diacritics removed), and how many items hold each term. Both live
 * in TEMP tables of this connection, so a search never writes to hearth.db.
 */
export class QueryTerms {
  /** Counts read so far, each with when it was read. */
  private vocab = new Map<string, { doc: number; at: number }>()
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
    this.readVocab = db.prepare('SELECT doc FROM temp.knowledge_vocab WHERE term = ?')
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
   * Items holding `term` (approximate: a count is re-read after a minute). An unknown term
   * counts as rare (1), or as absent (0) when `exact`, which is how a search tells a part of a
   * word from a word. Each term is looked up on its own (the vocabulary table seeks to it), so a
   * search never scans the whole vocabulary of a large index.
   */
  documentFrequency(term: string, exact = false): number {
    const now = this.now()
    let entry = this.vocab.get(term)
    if (!entry || now - entry.at > VOCAB_MAX_AGE_MS) {
      const doc = readRows(this.readVocab.all(term), 'knowledge_vocab', (row) => row.int('doc'))[0] ?? 0
      entry = { doc, at: now }
      this.vocab.delete(term)
      if (this.vocab.size >= VOCAB_CACHE) this.vocab.delete(this.vocab.keys().next().value as string)
      this.vocab.set(term, entry)
    }
    return entry.doc === 0 ? (exact ? 0 : 1) : entry.doc
  }

  /**
   * Items were indexed: terms counted as absent may exist now, so they are read again; the
   * other counts stay (approximate anyway, and re-reading a common word's costs most).
   */
  invalidate(): void {
    for (const [term, entry] of this.vocab) if (entry.doc === 0) this.vocab.delete(term)
  }
}
