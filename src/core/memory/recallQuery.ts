/** Words too common to say anything about which memory is relevant. */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have he her him his how i if in into is it its just me my ' +
    'no not of on or our she so some than that the their them then there these they this those to too up us was we were what when ' +
    'where which who whom why will with would you your yours about again all am any been being both each few more most other own ' +
    'same should only over under very s t don now also please tell know remember recall think want need like let lets'
  ).split(' ')
)

const MAX_TERMS = 24
const MAX_PHRASES = 12

/** Lower-cased word tokens, the same split FTS5's unicode61 tokenizer makes. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Tokens that carry meaning (stopwords and 1-letter words dropped), deduplicated. */
export function contentTokens(text: string): string[] {
  return [...new Set(tokenize(text).filter((t) => !STOPWORDS.has(t) && (t.length > 1 || /\d/.test(t))))]
}

/** Query words in order, with stopwords and 1-letter words as null (they keep their position). */
export function queryTokens(text: string): (string | null)[] {
  return tokenize(text)
    .slice(0, 200)
    .map((t) => (STOPWORDS.has(t) || (t.length < 2 && !/\d/.test(t)) ? null : t))
}

/** A query word and the term the index stores for it (stemmed); df is looked up by `stem`. */
export interface QueryTerm {
  readonly word: string
  readonly stem: string
}

/**
 * Builds the FTS5 MATCH expression from the query's terms (null where a stopword was). Terms
 * are taken rarest first until their postings add up to `budget`: a word found in half the bank
 * costs the most to rank and tells recall the least, so it is the one left out (the rarest is
 * always kept). Adjacent kept words are added as phrases, so a fact holding the words verbatim
 * scores for both the words and the phrase and outranks the same words scattered. The original
 * words go into the expression (FTS5 stems them itself). Null when nothing is worth searching.
 */
export function buildMatchQuery(
  terms: readonly (QueryTerm | null)[],
  documentFrequency: (stem: string) => number,
  budget = 2000
): string | null {
  return planMatchQuery(terms, documentFrequency, budget)?.match ?? null
}

/** The same, with how many items the kept words are in, summed (about how many the query matches at most). */
export function planMatchQuery(
  terms: readonly (QueryTerm | null)[],
  documentFrequency: (stem: string) => number,
  budget = 2000
): { match: string; documents: number } | null {
  const byStem = new Map<string, string>()
  for (const term of terms) if (term && !byStem.has(term.stem)) byStem.set(term.stem, term.word)
  if (byStem.size === 0) return null
  const ranked = [...byStem.keys()]
    .map((stem) => ({ stem, df: documentFrequency(stem) }))
    .sort((a, b) => a.df - b.df)
  const kept = new Set<string>()
  let cost = 0
  for (const { stem, df } of ranked) {
    if (kept.size >= MAX_TERMS || (kept.size > 0 && cost + df > budget)) break
    kept.add(stem)
    cost += df
  }
  const phrases: string[] = []
  for (let i = 0; i + 1 < terms.length && phrases.length < MAX_PHRASES; i++) {
    const [a, b] = [terms[i], terms[i + 1]]
    if (!a || !b || !kept.has(a.stem) || !kept.has(b.stem)) continue
    const phrase = `${a.word} ${b.word}`
    if (!phrases.includes(phrase)) phrases.push(phrase)
  }
  const words = [...kept].map((stem) => byStem.get(stem) as string)
  const match = [...phrases, ...words].map((text) => `"${text.replace(/"/g, '""')}"`).join(' OR ')
  return { match, documents: cost }
}

/** Share of the smaller token set found in the other (1 = one says nothing the other does not). */
export function tokenOverlap(a: string, b: string): number {
  const left = new Set(contentTokens(a))
  const right = new Set(contentTokens(b))
  if (left.size === 0 || right.size === 0) return 0
  let shared = 0
  for (const token of left) if (right.has(token)) shared++
  return shared / Math.min(left.size, right.size)
}
