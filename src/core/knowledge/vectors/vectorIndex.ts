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
 */
export class VectorIndex {
  private slots = new VectorSlots()
  private loaded = false
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
    this.loadAfter = db.prepare(
      `SELECT v.item_id AS id, v.bits, v.q8, v.scale, i.kind, i.audience, i.agent_id
         FROM knowledge_vectors v JOIN knowledge_items i ON i.id = v.item_id
        WHERE v.item_id > ? ORDER BY v.item_id`
    )
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
    if (!this.loaded) return
    const access = readRows(this.accessOf.all(id), 'knowledge_items', accessRow)[0]
    if (access) this.slots.set(id, vector, access)
    this.maxId = Math.max(this.maxId, id)
  }

  /** These items (or their vectors) are gone from SQLite: gone from memory too. */
  forget(ids: Iterable<number>): void {
    if (!this.loaded) return
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
    this.slots = new VectorSlots()
    this.maxId = 0
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
      slots.filter(scope)
    )
    const dims = slots.dims
    const q8 = slots.q8
    const hits: VectorHit[] = Array.from(candidates, (slot) => {
      let sum = 0
      const base = slot * dims
      for (let i = 0; i < dims; i++) sum += (query[i] as number) * (q8[base + i] as number)
      return { id: slots.ids[slot] as number, similarity: sum * (slots.scales[slot] as number) }
    })
    return hits.sort((a, b) => b.similarity - a.similarity).slice(0, k)
  }

  /**
   * Loads what is stored on first use; after another connection's commit, what it added since
   * (or everything again, when it dropped the vectors wholesale).
   */
  private sync(): void {
    const version = this.readVersion.get() as number
    if (this.loaded && version === this.dataVersion) return
    this.dataVersion = version
    const epoch = readRows(this.readEpoch.all(), 'knowledge_state', (row) => row.text('value'))[0]
    if (epoch !== this.epoch) this.forgetAll()
    this.epoch = epoch
    this.loaded = true
    const rows = readRows(this.loadAfter.all(this.maxId), 'knowledge_vectors', (row) => ({
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
  }
}

function accessRow(row: RowReader): ItemAccess {
  return {
    kind: row.oneOf('kind', KnowledgeKind.options),
    audience: row.text('audience'),
    agentId: row.textOrNull('agent_id')
  }
}
