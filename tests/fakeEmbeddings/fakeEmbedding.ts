import { CONCEPTS } from './concepts'

/**
 * A deterministic stand-in for an embedding model, for tests and the bench. A text's vector is
 * the sum of one pseudo-random unit direction per word (seeded by the word), plus, for a word in
 * one of the `CONCEPTS` groups, the group's direction, weighted above the word's own. Texts
 * sharing words or grouped words point the same way; nothing else carries meaning. It is a fake:
 * it shows that fusion, quantisation and the plumbing work, not how good a real model would be.
 */
export const FAKE_DIMS = 768

const STOPWORDS = new Set(
  'a an and are as at be but by can did do does for from had has have how i if in into is it its me my no not of on or our so that the their them then there these they this to up us was we were what when where which who why will with you your'.split(
    ' '
  )
)

const conceptOf = new Map<string, number>()
CONCEPTS.forEach((group, index) => {
  for (const word of group) conceptOf.set(word, index)
})

/** Lower-cased words with diacritics removed and a few English endings taken off. */
export function fakeTokens(text: string): string[] {
  const words =
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  return words.filter((word) => !STOPWORDS.has(word) || conceptOf.has(word)).map(stem)
}

function stem(word: string): string {
  if (conceptOf.has(word)) return word
  for (const ending of ['ing', 'ed', 'es', 's']) {
    const bare = word.slice(0, -ending.length)
    if (word.endsWith(ending) && bare.length >= 3) return conceptOf.has(bare) ? bare : bare
  }
  return word
}

/** FNV-1a over the string, for the direction's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

const directions = new Map<string, Float32Array>()

/** A unit vector seeded by `key` (cached: the bench embeds 100,000 texts). */
function direction(key: string, dims: number): Float32Array {
  const cacheKey = `${dims}:${key}`
  const cached = directions.get(cacheKey)
  if (cached) return cached
  let state = hash(key) || 1
  const vector = new Float32Array(dims)
  let norm = 0
  for (let i = 0; i < dims; i++) {
    // xorshift32, then two uniforms summed: a cheap bell-shaped value
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    const a = (state >>> 0) / 2 ** 32
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    const b = (state >>> 0) / 2 ** 32
    const value = a + b - 1
    vector[i] = value
    norm += value * value
  }
  const inverse = 1 / Math.sqrt(norm)
  for (let i = 0; i < dims; i++) vector[i] = (vector[i] as number) * inverse
  if (directions.size < 200_000) directions.set(cacheKey, vector)
  return vector
}

/** The fake model's vector for `text` (unit length; a text without words gets a fixed direction). */
export function fakeEmbedding(text: string, dims = FAKE_DIMS): number[] {
  const sum = new Float32Array(dims)
  const add = (vector: Float32Array, weight: number): void => {
    for (let i = 0; i < dims; i++) sum[i] = (sum[i] as number) + (vector[i] as number) * weight
  }
  const tokens = fakeTokens(text)
  for (const token of tokens) {
    const concept = conceptOf.get(token)
    if (concept === undefined) add(direction(`w:${token}`, dims), 1)
    else {
      add(direction(`c:${concept}`, dims), 1)
      add(direction(`w:${token}`, dims), 0.3)
    }
  }
  if (tokens.length === 0) add(direction('empty', dims), 1)
  let norm = 0
  for (let i = 0; i < dims; i++) norm += (sum[i] as number) ** 2
  const inverse = 1 / Math.sqrt(norm)
  return Array.from(sum, (value) => value * inverse)
}

/** The cosine of two texts' fake vectors: the fake model's "how alike do these mean". */
export function fakeSimilarity(a: string, b: string): number {
  const left = fakeEmbedding(a)
  const right = fakeEmbedding(b)
  let dot = 0
  for (let i = 0; i < left.length; i++) dot += (left[i] as number) * (right[i] as number)
  return dot
}
