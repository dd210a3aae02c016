/** Bits set in a 32-bit word (the SWAR count: no table, a dozen integer operations). */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** The query's sign bits as 32-bit words, laid out as `VectorSlots` keeps them. */
export function packWords(bits: Uint8Array, words: number): Uint32Array {
  const padded = new Uint8Array(words * 4)
  padded.set(bits.subarray(0, words * 4))
  return new Uint32Array(padded.buffer)
}

/** Words of the first, coarse pass: the first 384 sign bits (256 lose a tenth of the top 10). */
const COARSE_WORDS = 12
/** Items the coarse pass keeps per item wanted from the fine one. */
const COARSE_KEEP = 10

/**
 * The slots of the `n` items (among `count`, those `keep` lets through) whose sign bits differ
 * least from the query's, ties at the cut included. Over many items this runs in two passes: the
 * first 384 bits of every item pick ten times `n`, and all bits rank those, which reads about half
 * of the bits the one full pass would.
 */
export function nearestByHamming(
  codes: Uint32Array,
  words: number,
  count: number,
  query: Uint32Array,
  n: number,
  keep: ((slot: number) => boolean) | null
): Int32Array {
  if (words <= COARSE_WORDS * 2 || count <= n * COARSE_KEEP * 2)
    return nearest(codes, words, words, allSlots(count, keep), query, n)
  const coarse = coarsest(codes, words, COARSE_WORDS, count, keep, query, n * COARSE_KEEP)
  return nearest(codes, words, words, coarse, query, n)
}

/** Every slot `keep` lets through. */
function allSlots(count: number, keep: ((slot: number) => boolean) | null): Int32Array {
  const slots = new Int32Array(count)
  let kept = 0
  for (let slot = 0; slot < count; slot++) if (keep === null || keep(slot)) slots[kept++] = slot
  return slots.subarray(0, kept)
}

const EXCLUDED = 0xffff

/** `nearest` over every slot `keep` lets through, without first listing them (a filtered slot gets no distance). */
function coarsest(
  codes: Uint32Array,
  words: number,
  used: number,
  count: number,
  keep: ((slot: number) => boolean) | null,
  query: Uint32Array,
  n: number
): Int32Array {
  const distances = new Uint16Array(count)
  const histogram = new Uint32Array(used * 32 + 1)
  for (let slot = 0; slot < count; slot++) {
    if (keep !== null && !keep(slot)) {
      distances[slot] = EXCLUDED
      continue
    }
    let distance = 0
    const base = slot * words
    for (let w = 0; w < used; w++) distance += popcount32((codes[base + w] as number) ^ (query[w] as number))
    distances[slot] = distance
    histogram[distance] = (histogram[distance] as number) + 1
  }
  const cutoff = cut(histogram, n)
  let picked = 0
  for (let slot = 0; slot < count; slot++) if ((distances[slot] as number) <= cutoff) picked++
  const out = new Int32Array(picked)
  picked = 0
  for (let slot = 0; slot < count; slot++) if ((distances[slot] as number) <= cutoff) out[picked++] = slot
  return out
}

/** The smallest distance at or under which at least `n` items lie (the largest, when fewer do). */
function cut(histogram: Uint32Array, n: number): number {
  let cutoff = 0
  for (let seen = 0; cutoff < histogram.length - 1; cutoff++) {
    seen += histogram[cutoff] as number
    if (seen >= n) break
  }
  return cutoff
}

/**
 * Of `slots`, the `n` whose first `used` words differ least from the query's, ties at the cut
 * included: one pass computes the distances and their histogram, which gives the cut.
 */
function nearest(
  codes: Uint32Array,
  words: number,
  used: number,
  slots: ArrayLike<number>,
  query: Uint32Array,
  n: number
): Int32Array {
  const distances = new Uint16Array(slots.length)
  const histogram = new Uint32Array(used * 32 + 1)
  for (let i = 0; i < slots.length; i++) {
    let distance = 0
    const base = (slots[i] as number) * words
    for (let w = 0; w < used; w++) distance += popcount32((codes[base + w] as number) ^ (query[w] as number))
    distances[i] = distance
    histogram[distance] = (histogram[distance] as number) + 1
  }
  const cutoff = cut(histogram, n)
  const picked = new Int32Array(slots.length)
  let count = 0
  for (let i = 0; i < slots.length; i++)
    if ((distances[i] as number) <= cutoff) picked[count++] = slots[i] as number
  return picked.subarray(0, count)
}
