import { writeTransaction } from '../../node/db/writeTransaction'
import type { EmbeddingStatus } from '../../../shared/contract/knowledge'
import type { Db } from '../../node/db/openDatabase'
import { readRows } from '../../node/db/rowReader'
import type { Logger } from '../../ports/logger'
import type { KnowledgeStore } from '../knowledgeStore'
import { quantise, unit } from '../vectors/quantize'
import type { VectorIndex } from '../vectors/vectorIndex'
import { DimensionChange, embed, type EmbeddingEndpoint } from './embeddingClient'
import type { EmbeddingSettings } from './embeddingSettings'

const BATCH = 32
/** What of an item is embedded: models read a few hundred words at most. */
const INPUT_CHARS = 2000
const BATCH_TIMEOUT_MS = 30_000
const FIRST_RETRY_MS = 2_000
const MAX_RETRY_MS = 5 * 60_000
const QUERY_CACHE = 64

interface Failure {
  readonly error: string
  readonly retryAtMs: number
  readonly count: number
}

/**
 * Gives every indexed item a vector from the configured endpoint, a batch at a time in the
 * background (resumable: an item without a vector is simply still to do), and embeds queries.
 * A failing endpoint backs off (2 s, doubling to 5 min) and is skipped meanwhile, so search and
 * chat carry on with words alone. A new model or vector size drops the old vectors.
 */
export class Embedder {
  private failure: Failure | null = null
  private dims: number | null = null
  private cursor = 0
  private readonly queries = new Map<string, Float32Array>()
  private readonly missing

  constructor(
    private readonly db: Db,
    private readonly store: KnowledgeStore,
    private readonly vectors: VectorIndex,
    private readonly settings: EmbeddingSettings,
    private readonly now: () => number,
    private readonly log: Logger
  ) {
    this.missing = db.prepare(
      `SELECT i.id, i.title, i.text FROM knowledge_items i
        WHERE i.id > ? AND NOT EXISTS (SELECT 1 FROM knowledge_vectors v WHERE v.item_id = i.id) ORDER BY i.id LIMIT ?`
    )
    const stored = store.state('embeddings.dims')
    this.dims = stored === undefined ? null : Number(stored)
  }

  async status(): Promise<EmbeddingStatus> {
    const endpoint = await this.settings.endpoint()
    const key = await this.settings.keyStatus()
    const failing = this.failure !== null && endpoint !== null
    return {
      state: endpoint === null ? 'off' : failing ? 'failing' : 'ok',
      baseUrl: endpoint?.baseUrl ?? null,
      model: endpoint?.model ?? null,
      dims: endpoint === null ? null : this.dims,
      error: failing ? (this.failure?.error ?? null) : null,
      retryAtMs: failing ? (this.failure?.retryAtMs ?? null) : null,
      ...key
    }
  }

  /** Whether an endpoint is set (meaning search is on, working or not). */
  async configured(): Promise<boolean> {
    return (await this.settings.endpoint()) !== null
  }

  /** Whether a call may be made now: configured, and not waiting out a failure. */
  private ready(): boolean {
    return this.failure === null || this.now() >= this.failure.retryAtMs
  }

  /** The endpoint to use now, after dropping vectors of another model; null when off. */
  private async current(): Promise<EmbeddingEndpoint | null> {
    const endpoint = await this.settings.endpoint()
    if (endpoint === null) return null
    const fingerprint = `${endpoint.baseUrl}|${endpoint.model}`
    if (this.store.state('embeddings.model') !== fingerprint) {
      this.dropVectors(`the embedding model is now ${endpoint.model} at ${endpoint.baseUrl}`)
      this.store.setState('embeddings.model', fingerprint)
      this.failure = null
    }
    return endpoint
  }

  private dropVectors(why: string): void {
    const had = this.store.count('SELECT COUNT(*) AS n FROM knowledge_vectors')
    this.db.exec('DELETE FROM knowledge_vectors')
    this.db.prepare("DELETE FROM knowledge_state WHERE key = 'embeddings.dims'").run()
    this.vectors.reset()
    this.dims = null
    this.cursor = 0
    this.queries.clear()
    if (had > 0) this.log.info(`knowledge: ${had} vectors dropped because ${why}; items are embedded again`)
  }

  /** Embeds the next batch of items still without a vector; 'idle' when none is left or embedding is off. */
  async embedBatch(): Promise<'idle' | 'more' | 'waiting'> {
    const endpoint = await this.current()
    if (endpoint === null) return 'idle'
    if (!this.ready()) return 'waiting'
    let rows = this.nextMissing()
    if (rows.length === 0 && this.cursor > 0) {
      this.cursor = 0
      rows = this.nextMissing()
    }
    if (rows.length === 0) return 'idle'
    const inputs = rows.map((row) => `${row.title}\n${row.text}`.slice(0, INPUT_CHARS))
    const vectors = await this.call(endpoint, inputs, BATCH_TIMEOUT_MS)
    if (vectors === null) return 'waiting'
    writeTransaction(this.db, () => {
      rows.forEach((row, index) => {
        const normalised = unit(vectors[index] as number[])
        if (normalised) this.vectors.put(row.id, quantise(normalised))
      })
    })()
    this.cursor = rows.at(-1)?.id ?? this.cursor
    return 'more'
  }

  /** The query's unit vector, or null (off, backing off, too slow: words alone then). */
  async embedQuery(text: string, timeoutMs: number, signal?: AbortSignal): Promise<Float32Array | null> {
    const endpoint = await this.current()
    if (endpoint === null || !this.ready()) return null
    const cached = this.queries.get(text)
    if (cached) return cached
    const vectors = await this.call(endpoint, [text.slice(0, INPUT_CHARS)], timeoutMs, signal)
    const vector = vectors?.[0] ? unit(vectors[0]) : null
    if (vector) {
      if (this.queries.size >= QUERY_CACHE) this.queries.delete(this.queries.keys().next().value as string)
      this.queries.set(text, vector)
    }
    return vector
  }

  /**
   * Unit vectors for a few texts (the Nexus's decisions), a batch per call; null when embedding is
   * off, backing off, or the endpoint failed or was too slow (the failure is recorded).
   */
  async embedTexts(
    texts: readonly string[],
    timeoutMs: number,
    signal?: AbortSignal
  ): Promise<(Float32Array | null)[] | null> {
    const endpoint = await this.current()
    if (endpoint === null || !this.ready()) return null
    const out: (Float32Array | null)[] = []
    for (let start = 0; start < texts.length; start += BATCH) {
      const inputs = texts.slice(start, start + BATCH).map((text) => text.slice(0, INPUT_CHARS))
      const vectors = await this.call(endpoint, inputs, timeoutMs, signal)
      if (vectors === null) return null
      out.push(...vectors.map((vector) => unit(vector)))
    }
    return out
  }

  /** One call; a failure is recorded (and backed off) and answers null instead of throwing. */
  private async call(
    endpoint: EmbeddingEndpoint,
    inputs: readonly string[],
    timeoutMs: number,
    signal?: AbortSignal
  ): Promise<number[][] | null> {
    try {
      const vectors = await embed(endpoint, inputs, {
        timeoutMs,
        expectedDims: this.dims,
        ...(signal ? { signal } : {})
      })
      this.failure = null
      const dims = vectors[0]?.length ?? null
      if (dims !== null && this.dims === null) {
        this.dims = dims
        this.store.setState('embeddings.dims', String(dims))
      }
      return vectors
    } catch (error) {
      if (signal?.aborted) throw error
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof DimensionChange) {
        // The model behind the endpoint changed: the stored vectors no longer compare. Start over.
        this.dropVectors(message)
        this.failure = null
        return null
      }
      this.fail(message)
      return null
    }
  }

  private fail(error: string): void {
    const count = (this.failure?.count ?? 0) + 1
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (count - 1))
    this.failure = { error, retryAtMs: this.now() + delay, count }
    if (count === 1 || count % 10 === 0) this.log.warn(`knowledge: embeddings failing: ${error}`)
  }

  /** Forgets a failure after the user changed the settings, so the next call tries at once. */
  retryNow(): void {
    this.failure = null
  }

  private nextMissing(): { id: number; title: string; text: string }[] {
    return readRows(this.missing.all(this.cursor, BATCH), 'knowledge_items', (row) => ({
      id: row.int('id'),
      title: row.text('title'),
      text: row.text('text')
    }))
  }

  embeddedCount(): number {
    return this.store.count('SELECT COUNT(*) AS n FROM knowledge_vectors')
  }
}
