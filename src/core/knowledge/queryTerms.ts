import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { queryTokens, type QueryTerm } from '../memory/recallQuery'
import type { WordTable } from './wordIndex'

/** Document frequencies older than this are re-read; they only steer which words to skip. */
const VOCAB_MAX_AGE_MS = 60_000
/** Terms whose counts are kept; past this the oldest are dropped. */
const VOCAB_CACHE = 20_000
const STOP_MARK = 'hearthstopmark'

/** How many items hold a term; `estimated` when it is one of the index's commonest (see `count`). */
export interface DocumentCount {
  readonly doc: number
  readonly estimated: boolean
}

/**
 * A word index's view of a query: its words turned into index terms by the index's own
 * tokenizer (porter stemming, diacritics removed), and how many items of that index hold each
 * term. Both live in TEMP tables of this connection, so a search never writes to hearth.db.
 */
export class QueryTerms {
  /** Counts read so far, each with when it was read and whether it is an estimate. */
  private vocab = new Map<string, DocumentCount & { at: number }>()
  private readonly insertQuery
  private readonly clearQuery
  private readonly readQuery
  private readonly readVocab
  private readonly readMatches
  /** A word of a query for each index term seen: the word's own items are counted faster (see `read`). */
  private readonly words = new Map<string, string>()

  /**
   * `counting` says how far a term's items are counted one by one (`cap`) and how many items the
   * index spans (`lastId`): past the cap, the count is estimated from where the cap-th item sits.
   */
  constructor(
    db: Db,
    private readonly counting: () => { cap: number; lastId: number },
    private readonly now: () => number = () => Date.now(),
    table: WordTable = 'knowledge_fts'
  ) {
    const vocab = `temp.${table}_vocab_instances`
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS ${vocab} USING fts5vocab(main, ${table}, 'instance');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.knowledge_query USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.knowledge_query_terms USING fts5vocab(temp, knowledge_query, 'instance');
    `)
    this.insertQuery = db.prepare('INSERT INTO temp.knowledge_query (rowid, text) VALUES (1, ?)')
    this.clearQuery = db.prepare('DELETE FROM temp.knowledge_query')
    this.readQuery = db.prepare('SELECT term, offset FROM temp.knowledge_query_terms ORDER BY offset')
    // The term's items in id order, the first `cap` of them: how many, and the last one's id.
    this.readMatches = db.prepare(
      `SELECT count(*) AS n, max(id) AS last FROM (SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid LIMIT ?)`
    )
    this.readVocab = db.prepare(
      `SELECT count(*) AS n, max(doc) AS last FROM (SELECT DISTINCT doc FROM ${vocab} WHERE term = ? LIMIT ?)`
    )
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
      if (!word || row.term === STOP_MARK) continue
      terms[row.offset] = { word, stem: row.term }
      if (this.words.size >= VOCAB_CACHE) this.words.delete(this.words.keys().next().value as string)
      this.words.set(row.term, word)
    }
    return terms
  }

  /**
   * Items holding `term` (approximate: a count is re-read after a minute). An unknown term
   * counts as rare (1), or as absent (0) when `exact`, which is how a search tells a part of a
   * word from a word.
   */
  documentFrequency(term: string, exact = false): number {
    const { doc } = this.count(term)
    return doc === 0 ? (exact ? 0 : 1) : doc
  }

  /**
   * The same with whether it is an estimate. Items are counted one by one up to the cap; a word
   * in more items than that (one of the index's commonest) is estimated from where its cap-th
   * item sits among all ids. Counting every item of such a word read its whole list of items,
   * tens of milliseconds in a year's index for each new common word a turn's message held.
   */
  count(term: string): DocumentCount {
    const now = this.now()
    let entry = this.vocab.get(term)
    if (!entry || now - entry.at > VOCAB_MAX_AGE_MS) {
      entry = { ...this.read(term), at: now }
      this.vocab.delete(term)
      if (this.vocab.size >= VOCAB_CACHE) this.vocab.delete(this.vocab.keys().next().value as string)
      this.vocab.set(term, entry)
    }
    return { doc: entry.doc, estimated: entry.estimated }
  }

  private read(term: string): DocumentCount {
    const { cap, lastId } = this.counting()
    // A query word whose term this is matches exactly that term's items; matching is the cheaper
    // walk (item ids alone, where the vocabulary walks every occurrence).
    const word = this.words.get(term)
    const rows =
      word === undefined
        ? this.readVocab.all(term, cap)
        : this.readMatches.all(`"${word.replace(/"/g, '""')}"`, cap)
    const found = readRows(rows, 'knowledge_vocab_instances', (row) => ({
      n: row.int('n'),
      last: row.intOrNull('last')
    }))[0]
    if (!found || found.n < cap || found.last === null) return { doc: found?.n ?? 0, estimated: false }
    return { doc: Math.max(cap, Math.round((cap * lastId) / Math.max(1, found.last))), estimated: true }
  }

  /**
   * Items were indexed: terms counted as absent may exist now, so they are read again; the
   * other counts stay (approximate anyway, and re-reading a common word's costs most).
   */
  invalidate(): void {
    for (const [term, entry] of this.vocab) if (entry.doc === 0) this.vocab.delete(term)
  }
}
