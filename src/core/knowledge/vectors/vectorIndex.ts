import { randomUUID } from 'node:crypto'
import type { Db } from '../../node/db/openDatabase'
import { readRows, type RowReader } from '../../node/db/rowReader'
import { KnowledgeKind } from '../../../shared/contract/knowledge'
import type { SearchScope } from '../searchScope'
import { nearestByHamming, packWords } from './hamming'
import { signBits, type QuantisedVector } from './quantize'
import { VectorSlots, type ItemAccess } from './vectorSlots'

/**
 * A `knowledge_state` key changed whenever vectors are dropped wholesale (the index rebuilt, the
 * model changed), so another connection's copy in memory knows to read them all again.
 */
export const VECTORS_EPOCH = 'vectors.epoch'

/** Candidates reranked per result wanted, and at least this many: enough for recall@10 ≥ 0.95. */
const OVERSAMPLE = 16
const MIN_CANDIDATES = 800
/** Stored vectors read into memory per step of a load in the background (a few ms each). */
export const LOAD_STEP_ROWS = 1000

/**
 * A step of the load: the next stored vectors by id, each with its item's access. CROSS JOIN
 * keeps the vectors the outer loop: left to choose, SQLite walked every item (all their texts)
 * and sorted, a whole-table read at every start however few vectors there were.
 */
export const LOAD_AFTER_SQL = `SELECT v.item_id AS id, v.bits, v.q8, v.scale, i.kind, i.audience, i.agent_id
  FROM knowledge_vectors v CROSS JOIN knowledge_items i ON i.id = v.item_id
  WHERE v.item_id > ? ORDER BY v.item_id LIMIT ?`

/** How far the copy in memory is: vectors read so far of those stored when the load began. */
export interface VectorLoad {
  readonly loaded: number
  readonly total: number
  readonly done: boolean
}

export interface VectorHit {
  readonly id: number
  readonly similarity: number
}

/**
 * Nearest neighbours over the stored vectors, held in memory (`VectorSlots`: ~870 bytes an item
 * at 768 dimensions) and kept in step with every write this connection makes: `put` as vectors
 * are stored, `forget` as items go. A Hamming scan over the sign bits picks the closest few
 * hundred items the scope lets through, and their int8 vectors are ranked by dot product with the
 * float query. An exact float scan of 100,000 × 768 takes ~100 ms here; this takes a few.
 *
 * Another process writing the same database (the CLI, an MCP server) is noticed through SQLite's
 * `data_version`: vectors it added are read on the next search. Hits are always checked against
 * the items' rows by the caller, so an item another process removed is never returned.
 *
 * Reading 100,000 vectors takes seconds, so the app reads them a step at a time in the
 * background (`loadStep`) and asks `ready()` before a meaning search, going on with words alone
 * meanwhile; `search` itself reads whatever is left at once (the bench, tests).
 */
export class VectorIndex {
  private slots = new VectorSlots()
  private loaded = false
  /** A load in steps has begun (vectors up to `maxId` are in memory) and not yet finished. */
  private loading = false
  private loadTotal = 0
  private dataVersion = -1
  private maxId = 0
  private epoch: string | undefined = undefined
  private readonly write
  private readonly accessOf
  private readonly loadAfter
  private readonly readEpoch
  /** Prepared once: `db.pragma()` would prepare it again on every search. */
  private readonly readVersion
  private readonly writeEpoch
  private readonly countStored

  constructor(db: Db) {
    this.write = db.prepare(
      'INSERT OR REPLACE INTO knowledge_vectors (item_id, bits, q8, scale) VALUES (?, ?, ?, ?)'
    )
    this.readVersion = db.prepare('PRAGMA data_version').pluck()
    this.readEpoch = db.prepare(`SELECT value FROM knowledge_state WHERE key = '${VECTORS_EPOCH}'`)
    this.writeEpoch = db.prepare(
      `INSERT INTO knowledge_state (key, value) VALUES ('${VECTORS_EPOCH}', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`
    )
    this.accessOf = db.prepare('SELECT kind, audience, agent_id FROM knowledge_items WHERE id = ?')
    this.loadAfter = db.prepare(LOAD_AFTER_SQL)
    this.countStored = db.prepare('SELECT COUNT(*) FROM knowledge_vectors').pluck()
  }

  get size(): number {
    this.sync()
    return this.slots.count
  }

  /** Stores an item's vector (SQLite first, then memory). */
  put(id: number, vector: QuantisedVector): void {
    this.write.run(
      id,
      Buffer.from(vector.bits),
      Buffer.from(vector.q8.buffer, vector.q8.byteOffset, vector.q8.length),
      vector.scale
    )
    // Not read into memory yet: the load reads it from SQLite when it gets there.
    if (!this.loaded && id > this.maxId) return
    const access = readRows(this.accessOf.all(id), 'knowledge_items', accessRow)[0]
    if (access) this.slots.set(id, vector, access)
    this.maxId = Math.max(this.maxId, id)
  }

  /** These items (or their vectors) are gone from SQLite: gone from memory too. */
  forget(ids: Iterable<number>): void {
    for (const id of ids) this.slots.delete(id)
  }

  /**
   * The stored vectors were dropped wholesale (the index rebuilt, the model changed): forgets
   * them here and marks it for other connections; the next search reads what is stored again.
   */
  reset(): void {
    this.epoch = randomUUID()
    this.writeEpoch.run(this.epoch)
    this.forgetAll()
  }

  private forgetAll(): void {
    this.loaded = false
    this.loading = false
    this.slots = new VectorSlots()
    this.maxId = 0
  }

  /**
   * Whether meaning search can answer now: every stored vector is in memory (vectors another
   * connection added since are read first, a few at most). False while a load is under way.
   */
  ready(): boolean {
    return this.refresh()
  }

  /** How far the load is. */
  loadState(): VectorLoad {
    if (this.loaded) return { loaded: this.slots.count, total: this.slots.count, done: true }
    return { loaded: this.slots.count, total: Math.max(this.loadTotal, this.slots.count), done: false }
  }

  /**
   * Reads the next `rows` stored vectors into memory; true once all are in. A load in the
   * background calls it with the thread given back in between.
   */
  loadStep(rows = LOAD_STEP_ROWS): boolean {
    if (this.loaded) return true
    const version = this.readVersion.get() as number
    if (!this.loading) {
      const epoch = this.currentEpoch()
      if (epoch !== this.epoch) this.forgetAll()
      this.epoch = epoch
      this.loading = true
      this.loadTotal = this.countStored.get() as number
      this.slots.reserve(this.loadTotal)
    }
    const read = this.readAfter(rows)
    if (read < rows) {
      this.loading = false
      this.loaded = true
      this.dataVersion = version
    }
    return this.loaded
  }

  /** The `k` nearest items by cosine among those the scope lets through, best first. */
  search(query: Float32Array, k: number, scope: SearchScope = {}): VectorHit[] {
    this.sync()
    const slots = this.slots
    if (slots.count === 0 || query.length !== slots.dims) return []
    const candidates = nearestByHamming(
      slots.codes,
      slots.words,
      slots.count,
      packWords(signBits(query), slots.words),
      Math.max(k * OVERSAMPLE, MIN_CANDIDATES),
      slots.filter(scope),
      slots.simd
    )
    const hits: VectorHit[] = new Array<VectorHit>(candidates.length)
    for (let i = 0; i < candidates.length; i++) {
      const slot = candidates[i] as number
      const similarity = dotAt(query, slots.q8, slot * slots.dims) * (slots.scales[slot] as number)
      hits[i] = { id: slots.ids[slot] as number, similarity }
    }
    return hits.sort((a, b) => b.similarity - a.similarity).slice(0, k)
  }

  /**
   * Loads what is stored (what a load in steps left, or all of it) on first use; after another
   * connection's commit, what it added since (or everything again, when it dropped the vectors
   * wholesale).
   */
  private sync(): void {
    if (!this.refresh()) while (!this.loadStep(Number.MAX_SAFE_INTEGER));
  }

  /**
   * After another connection's commit, reads the vectors it added; false when the vectors are
   * not (or, after it dropped them wholesale, no longer) in memory.
   */
  private refresh(): boolean {
    if (!this.loaded) return false
    const version = this.readVersion.get() as number
    if (version === this.dataVersion) return true
    this.dataVersion = version
    if (this.currentEpoch() !== this.epoch) {
      this.forgetAll()
      return false
    }
    this.readAfter(Number.MAX_SAFE_INTEGER)
    return true
  }

  private currentEpoch(): string | undefined {
    return readRows(this.readEpoch.all(), 'knowledge_state', (row) => row.text('value'))[0]
  }

  /** Reads up to `limit` stored vectors after the last one read; returns how many. */
  private readAfter(limit: number): number {
    const rows = readRows(this.loadAfter.all(this.maxId, limit), 'knowledge_vectors', (row) => ({
      id: row.int('id'),
      bits: row.blobOrNull('bits') ?? Buffer.alloc(0),
      q8: row.blobOrNull('q8') ?? Buffer.alloc(0),
      scale: row.real('scale'),
      access: accessRow(row)
    }))
    for (const row of rows) {
      const vector: QuantisedVector = {
        bits: row.bits,
        q8: new Int8Array(row.q8.buffer, row.q8.byteOffset, row.q8.length),
        scale: row.scale
      }
      this.slots.set(row.id, vector, row.access)
      this.maxId = Math.max(this.maxId, row.id)
    }
    return rows.length
  }
}

/** The float query's dot product with the int8 components at `base` (four sums, so the adds overlap). */
function dotAt(query: Float32Array, q8: Int8Array, base: number): number {
  const dims = query.length
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  let i = 0
  for (; i + 3 < dims; i += 4) {
    a += (query[i] as number) * (q8[base + i] as number)
    b += (query[i + 1] as number) * (q8[base + i + 1] as number)
    c += (query[i + 2] as number) * (q8[base + i + 2] as number)
    d += (query[i + 3] as number) * (q8[base + i + 3] as number)
  }
  for (; i < dims; i++) a += (query[i] as number) * (q8[base + i] as number)
  return a + b + c + d
}

function accessRow(row: RowReader): ItemAccess {
  return {
    kind: row.oneOf('kind', KnowledgeKind.options),
    audience: row.text('audience'),
    agentId: row.textOrNull('agent_id')
  }
}
