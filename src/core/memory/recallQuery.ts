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

/**
 * Builds the FTS5 MATCH expression for a recall query: every meaningful word OR'ed, plus the
 * adjacent word pairs as phrases. BM25 scores a fact that holds a phrase verbatim for both the
 * words and the phrase, so an exact phrase outranks the same words scattered. Null when the
 * text has nothing worth searching for.
 */
export function buildMatchQuery(text: string): string | null {
  const tokens = tokenize(text).slice(0, 200)
  const words = contentTokens(text).slice(0, MAX_TERMS)
  if (words.length === 0) return null
  const phrases: string[] = []
  for (let i = 0; i + 1 < tokens.length && phrases.length < MAX_PHRASES; i++) {
    const [a, b] = [tokens[i] as string, tokens[i + 1] as string]
    if (STOPWORDS.has(a) && STOPWORDS.has(b)) continue
    const phrase = `${a} ${b}`
    if (!phrases.includes(phrase)) phrases.push(phrase)
  }
  return [...phrases, ...words].map((term) => `"${term}"`).join(' OR ')
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
