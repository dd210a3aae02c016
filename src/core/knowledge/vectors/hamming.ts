import type { SimdCodes } from './simdHamming'

/** Bits set in a 32-bit word (the SWAR count: no table, a dozen integer operations). */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** Words whose per-byte counts (at most 8 a word) are summed before a byte could overflow (31 × 8 < 256). */
const BYTE_SUM_WORDS = 31

/**
 * Bits that differ between the query's first `used` words and the item's at `base`. Each word's
 * count is left as four byte counts and those are added across words, so the horizontal sum (the
 * costly last step of a popcount) is made once per 31 words rather than once per word.
 */
export function hammingAt(codes: Uint32Array, base: number, query: Uint32Array, used: number): number {
  let total = 0
  for (let start = 0; start < used; start += BYTE_SUM_WORDS) {
    const end = Math.min(used, start + BYTE_SUM_WORDS)
    let bytes = 0
    for (let w = start; w < end; w++) {
      let v = ((codes[base + w] as number) ^ (query[w] as number)) | 0
      v = (v - ((v >>> 1) & 0x55555555)) | 0
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
      bytes = (bytes + ((v + (v >>> 4)) & 0x0f0f0f0f)) | 0
    }
    const halves = (bytes & 0x00ff00ff) + ((bytes >>> 8) & 0x00ff00ff)
    total += (halves & 0xffff) + (halves >>> 16)
  }
  return total
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
 * least from the query's, ties at the cut included. Over many items of more than 768 dimensions
 * this runs in two passes: the first 384 bits of every item pick ten times `n`, and all bits rank
 * those. At 768 dimensions one pass is faster: an item's 96 bytes of bits span the same cache
 * lines whether half or all of them are read, and the first 384 bits alone lose top-10 recall.
 */
export function nearestByHamming(
  codes: Uint32Array,
  words: number,
  count: number,
  query: Uint32Array,
  n: number,
  keep: ((slot: number) => boolean) | null,
  simd: SimdCodes | null = null
): Int32Array {
  if (words <= COARSE_WORDS * 2 || count <= n * COARSE_KEEP * 2)
    return scanAll({ codes, words, count, simd }, words, keep, query, n)
  const coarse = scanAll({ codes, words, count, simd }, COARSE_WORDS, keep, query, n * COARSE_KEEP)
  return nearest(codes, words, coarse, query, n)
}

const EXCLUDED = 0xffff

/** The items' sign bits: `words` words each, the first `count` in use, in SIMD memory when `simd` is set. */
interface Items {
  readonly codes: Uint32Array
  readonly words: number
  readonly count: number
  readonly simd: SimdCodes | null
}

/**
 * Distances of a scan over every slot, kept between searches: a fresh array of 100,000 for each
 * search cost more in garbage collection than the scan itself. Searches run one at a time (each
 * is synchronous), so one buffer serves them all.
 */
let scratch = new Uint16Array(0)

function scratchFor(count: number): Uint16Array {
  if (scratch.length < count) scratch = new Uint16Array(Math.max(count, scratch.length * 2))
  return scratch
}

/**
 * Of every slot `keep` lets through (without first listing them: a filtered slot gets no
 * distance), the `n` whose first `used` words differ least from the query's, ties at the cut
 * included: one pass computes the distances and their histogram, which gives the cut.
 */
function scanAll(
  { codes, words, count, simd }: Items,
  used: number,
  keep: ((slot: number) => boolean) | null,
  query: Uint32Array,
  n: number
): Int32Array {
  // SIMD computes every distance first; the loop below then only filters and counts them.
  const computed = simd !== null && simd.serves(used) ? simd.distances(query, used, count) : null
  const distances = computed ?? scratchFor(count)
  const histogram = new Uint32Array(used * 32 + 1)
  for (let slot = 0; slot < count; slot++) {
    if (keep !== null && !keep(slot)) {
      distances[slot] = EXCLUDED
      continue
    }
    const distance = computed ? (computed[slot] as number) : hammingAt(codes, slot * words, query, used)
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

/** Of `slots`, the `n` whose words all differ least from the query's, ties at the cut included. */
function nearest(
  codes: Uint32Array,
  words: number,
  slots: Int32Array,
  query: Uint32Array,
  n: number
): Int32Array {
  const distances = new Uint16Array(slots.length)
  const histogram = new Uint32Array(words * 32 + 1)
  for (let i = 0; i < slots.length; i++) {
    const distance = hammingAt(codes, (slots[i] as number) * words, query, words)
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
