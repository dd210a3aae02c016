import type { Db } from '../../node/db/openDatabase'
import type { Statement } from 'better-sqlite3'
import { readRows } from '../../node/db/rowReader'
import { dotQ8, signBits, type QuantisedVector } from './quantize'

/** Bits set in each 16-bit value: the Hamming distance costs one lookup per 16 dimensions. */
const POPCOUNT16 = (() => {
  const table = new Uint8Array(1 << 16)
  for (let i = 1; i < table.length; i++) table[i] = (table[i >> 1] as number) + (i & 1)
  return table
})()

/** Candidates reranked per result wanted, and at least this many: enough for recall@10 ≥ 0.95. */
const OVERSAMPLE = 40
const MIN_CANDIDATES = 800
const RERANK_BATCH = 200

export interface VectorHit {
  readonly id: number
  readonly similarity: number
}

/**
 * Nearest neighbours over the stored vectors: every item's sign bits stay in memory (96 bytes an
 * item at 768 dimensions), a Hamming scan picks the closest few hundred, and their int8 vectors,
 * read from SQLite, are ranked by dot product with the float query. Exact search at 100,000
 * items × 768 floats reads 300 MB and takes ~100 ms here; this reads 10 MB and a few hundred rows.
 */
export class VectorIndex {
  private ids = new Int32Array(1024)
  private codes = new Uint16Array(0)
  private slots = new Map<number, number>()
  private count = 0
  private words = 0
  private loaded = false
  private readonly q8Statements = new Map<number, Statement<unknown[]>>()
  private readonly write
  private readonly loadAll

  constructor(private readonly db: Db) {
    this.write = db.prepare(
      'INSERT OR REPLACE INTO knowledge_vectors (item_id, bits, q8, scale) VALUES (?, ?, ?, ?)'
    )
    this.loadAll = db.prepare('SELECT item_id, bits FROM knowledge_vectors')
  }

  get size(): number {
    this.ensureLoaded()
    return this.count
  }

  /** Stores an item's vector (SQLite first, then the in-memory bits). */
  put(id: number, vector: QuantisedVector): void {
    this.write.run(
      id,
      Buffer.from(vector.bits),
      Buffer.from(vector.q8.buffer, vector.q8.byteOffset, vector.q8.length),
      vector.scale
    )
    if (this.loaded) this.remember(id, vector.bits)
  }

  /** Forgets everything in memory; the next search reads the stored bits again. */
  reset(): void {
    this.loaded = false
    this.count = 0
    this.slots = new Map()
    this.codes = new Uint16Array(0)
  }

  /**
   * The `k` nearest items by cosine among those `keep` lets through (given a batch of ids, it
   * answers the ones to keep), best first. Items deleted since they were loaded are skipped at
   * the rerank (their row is gone).
   */
  search(query: Float32Array, k: number, keep?: (ids: number[]) => ReadonlySet<number>): VectorHit[] {
    this.ensureLoaded()
    if (this.count === 0 || Math.ceil(query.length / 16) !== this.words) return []
    const candidates = this.prefilter(signBits(query), Math.max(k * OVERSAMPLE, MIN_CANDIDATES), keep)
    const hits: VectorHit[] = []
    for (let i = 0; i < candidates.length; i += RERANK_BATCH) {
      const batch = candidates.slice(i, i + RERANK_BATCH)
      const rows = readRows(this.q8Of(batch.length).all(...batch), 'knowledge_vectors', (r) => ({
        id: r.int('item_id'),
        q8: r.blobOrNull('q8') ?? Buffer.alloc(0),
        scale: r.real('scale')
      }))
      for (const row of rows) {
        const q8 = new Int8Array(row.q8.buffer, row.q8.byteOffset, row.q8.length)
        if (q8.length === query.length) hits.push({ id: row.id, similarity: dotQ8(query, q8, row.scale) })
      }
    }
    return hits.sort((a, b) => b.similarity - a.similarity).slice(0, k)
  }

  private q8Of(count: number): Statement<unknown[]> {
    let statement = this.q8Statements.get(count)
    if (!statement) {
      statement = this.db.prepare(
        `SELECT item_id, q8, scale FROM knowledge_vectors WHERE item_id IN (${Array.from({ length: count }, () => '?').join(', ')})`
      )
      this.q8Statements.set(count, statement)
    }
    return statement
  }

  /** The ids of the `n` kept items with the fewest differing sign bits (ties at the cut included). */
  private prefilter(bits: Uint8Array, n: number, keep?: (ids: number[]) => ReadonlySet<number>): number[] {
    const words = this.words
    const query = new Uint16Array(words)
    for (let w = 0; w < words; w++) query[w] = (bits[2 * w] ?? 0) | ((bits[2 * w + 1] ?? 0) << 8)
    const distances = new Uint16Array(this.count)
    const histogram = new Uint32Array(words * 16 + 2)
    const codes = this.codes
    for (let slot = 0; slot < this.count; slot++) {
      let distance = 0
      const base = slot * words
      for (let w = 0; w < words; w++)
        distance += POPCOUNT16[(codes[base + w] as number) ^ (query[w] as number)] as number
      distances[slot] = distance
      histogram[distance] = (histogram[distance] as number) + 1
    }
    // The smallest distance that lets `target` items in; widened when `keep` refuses too many.
    let target = n
    for (;;) {
      let cutoff = 0
      for (let seen = 0; cutoff < histogram.length; cutoff++) {
        seen += histogram[cutoff] as number
        if (seen >= target) break
      }
      const picked: number[] = []
      for (let slot = 0; slot < this.count; slot++)
        if ((distances[slot] as number) <= cutoff) picked.push(this.ids[slot] as number)
      const allowed = keep?.(picked)
      const kept = allowed ? picked.filter((id) => allowed.has(id)) : picked
      if (kept.length >= n || target >= this.count) return kept
      target *= 4
    }
  }

  private ensureLoaded(): void {
    if (this.loaded) return
    this.loaded = true
    const rows = readRows(this.loadAll.all(), 'knowledge_vectors', (row) => ({
      id: row.int('item_id'),
      bits: row.blobOrNull('bits') ?? Buffer.alloc(0)
    }))
    for (const row of rows) this.remember(row.id, row.bits)
  }

  private remember(id: number, bits: Uint8Array): void {
    const words = Math.ceil(bits.length / 2)
    if (this.count === 0) this.words = words
    if (words !== this.words) return // a vector of another size: refused before it gets here
    let slot = this.slots.get(id)
    if (slot === undefined) {
      slot = this.count++
      this.slots.set(id, slot)
      if (this.ids.length < this.count) {
        const ids = new Int32Array(this.ids.length * 2)
        ids.set(this.ids)
        this.ids = ids
      }
      if (this.codes.length < this.count * words) {
        const codes = new Uint16Array(Math.max(this.count * words, this.codes.length * 2))
        codes.set(this.codes)
        this.codes = codes
      }
    }
    this.ids[slot] = id
    for (let w = 0; w < words; w++)
      (this.codes as Uint16Array)[slot * words + w] = (bits[2 * w] ?? 0) | ((bits[2 * w + 1] ?? 0) << 8)
  }
}
