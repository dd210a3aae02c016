/**
 * BM25 ranking for `tool_search` (k1 1.5, b 0.75, idf = ln(1 + (N − df + 0.5)/(df + 0.5))) over
 * lower-cased alphanumeric tokens of each tool's name, description and top-level parameter
 * names. Pure and dependency-free: the catalog is at most a few hundred tools, rebuilt per
 * session, so an inverted index is not worth its memory.
 */
export interface SearchDocument {
  readonly name: string
  readonly description: string
  readonly parameterNames: readonly string[]
}

export interface SearchHit {
  readonly name: string
  readonly score: number
}

const K1 = 1.5
const B = 0.75
/** The score of a tool found only because its name contains the query (no token matched). */
const NAME_CONTAINS_SCORE = 0.1

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? []
}

interface IndexedDocument {
  readonly name: string
  readonly terms: ReadonlyMap<string, number>
  readonly length: number
}

/** A BM25 index over tool documents; build once per session catalog, query many times. */
export class Bm25Index {
  private readonly documents: readonly IndexedDocument[]
  private readonly documentFrequency = new Map<string, number>()
  private readonly averageLength: number

  constructor(documents: readonly SearchDocument[]) {
    this.documents = documents.map((doc) => indexDocument(doc))
    for (const doc of this.documents) {
      for (const term of doc.terms.keys())
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1)
    }
    const total = this.documents.reduce((sum, doc) => sum + doc.length, 0)
    this.averageLength = this.documents.length > 0 ? total / this.documents.length : 0
  }

  /**
   * The best `limit` tools for the query, best first (ties keep catalog order). A query equal
   * to a tool's name (or its name after the `mcp__server__` prefix) always ranks that tool
   * first: a model that already knows the name must not lose it to a wordier description.
   * With no token hit, falls back to tools whose name contains the query.
   */
  search(query: string, limit: number): SearchHit[] {
    const queryTerms = tokenize(query)
    if (queryTerms.length === 0 || limit <= 0) return []
    const scored = this.documents
      .map((doc, order) => ({ name: doc.name, score: this.score(doc, queryTerms), order }))
      .filter((hit) => hit.score > 0)
    const exact = exactNameMatches(this.documents, query)
    const hits = scored.map((hit) => (exact.has(hit.name) ? { ...hit, score: hit.score + 1000 } : hit))
    if (hits.length === 0) return this.nameContains(query, limit)
    hits.sort((a, b) => b.score - a.score || a.order - b.order)
    return hits.slice(0, limit).map(({ name, score }) => ({ name, score }))
  }

  private score(doc: IndexedDocument, queryTerms: readonly string[]): number {
    const count = this.documents.length
    let score = 0
    for (const term of queryTerms) {
      const frequency = doc.terms.get(term)
      if (!frequency) continue
      const df = this.documentFrequency.get(term) ?? 0
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5))
      const norm = this.averageLength > 0 ? doc.length / this.averageLength : 1
      score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + B * norm))
    }
    return score
  }

  private nameContains(query: string, limit: number): SearchHit[] {
    const needle = query.trim().toLowerCase()
    if (needle === '') return []
    return this.documents
      .filter((doc) => doc.name.toLowerCase().includes(needle))
      .slice(0, limit)
      .map((doc) => ({ name: doc.name, score: NAME_CONTAINS_SCORE }))
  }
}

function indexDocument(doc: SearchDocument): IndexedDocument {
  const tokens = [
    ...tokenize(doc.name.replace(/[_.\-:]/g, ' ')),
    ...tokenize(doc.description),
    ...doc.parameterNames.flatMap((p) => tokenize(p))
  ]
  const terms = new Map<string, number>()
  for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1)
  return { name: doc.name, terms, length: tokens.length }
}

function exactNameMatches(documents: readonly IndexedDocument[], query: string): Set<string> {
  const wanted = query.trim().toLowerCase()
  const matches = new Set<string>()
  for (const doc of documents) {
    const name = doc.name.toLowerCase()
    const bare = name.replace(/^mcp__.+?__/, '')
    if (name === wanted || bare === wanted) matches.add(doc.name)
  }
  return matches
}
