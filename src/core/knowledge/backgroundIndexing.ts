import type { KnowledgeProgress } from '../../shared/contract/knowledge'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import type { Embedder } from './embeddings/embedder'
import type { KnowledgeIndexer } from './knowledgeIndexer'
import type { KnowledgeStore } from './knowledgeStore'
import type { LexicalSearch } from './lexicalSearch'

const PROGRESS_EVERY_MS = 250
/**
 * How long background indexing holds the thread before giving it back: a request that arrives
 * meanwhile (a view opening) waits about this long, not for a whole step of hundreds of records.
 */
export const SLICE_MS = 8
/** Records per step in the background: a few, so a slice ends close to SLICE_MS (a message takes ~0.3 ms). */
export const BACKGROUND_STEP_ITEMS = 16

export interface BackgroundIndexingDeps {
  readonly indexer: KnowledgeIndexer
  readonly embedder: Embedder
  readonly store: KnowledgeStore
  readonly lexical: LexicalSearch
  readonly events: EventHub
  readonly now: () => number
  readonly log: Logger
  /** False: nothing runs in the background (a read-only home, a bench measuring one thing). */
  readonly enabled: boolean
}

/**
 * The knowledge index's background work: words in slices of about SLICE_MS with the thread given
 * back in between, then vectors as far as the endpoint answers (waiting out its back-off), with
 * `knowledge.progress` events at most every 250 ms. One run at a time; a chat never waits for it.
 */
export class BackgroundIndexing {
  private timer: NodeJS.Timeout | null = null
  private running = false
  private disposed = false
  private lastProgressAt = 0

  constructor(private readonly deps: BackgroundIndexingDeps) {}

  dispose(): void {
    this.disposed = true
    if (this.timer) clearTimeout(this.timer)
  }

  /** Runs background work after `delayMs` unless already scheduled or running. */
  schedule(delayMs: number): void {
    if (!this.deps.enabled || this.disposed || this.running) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.background(), delayMs)
    this.timer.unref()
  }

  /** Words first, in slices with the thread given back in between; then vectors. */
  private async background(): Promise<void> {
    this.timer = null
    if (this.disposed) return
    this.running = true
    try {
      const indexed = await this.indexWords()
      if (indexed > 0) this.deps.lexical.refresh()
      for (;;) {
        if (this.disposed) return
        const result = await this.deps.embedder.embedBatch()
        // Nothing left to embed (or no endpoint): the 'idle' below says so. The counts are read only
        // when a progress event is due: counting every item of a year takes long enough to hold up
        // the first screen's calls.
        if (result === 'idle') break
        if (this.progressDue())
          this.progress('vectors', this.deps.embedder.embeddedCount(), this.deps.store.itemCount())
        if (result === 'waiting') {
          const retryAt = (await this.deps.embedder.status()).retryAtMs
          this.running = false
          this.schedule(Math.max(1000, (retryAt ?? 0) - this.deps.now()))
          return
        }
      }
      this.progress('idle', 0, 0, true)
    } catch (error) {
      this.deps.log.warn('knowledge: background indexing stopped', { error })
    } finally {
      this.running = false
    }
  }

  /** Every pending record and file, a few records a step, the thread given back after each slice. */
  private async indexWords(): Promise<number> {
    const { indexer } = this.deps
    let indexed = 0
    let sliceStarted = performance.now()
    for (
      let done = indexer.step(BACKGROUND_STEP_ITEMS);
      done > 0;
      done = indexer.step(BACKGROUND_STEP_ITEMS)
    ) {
      indexed += done
      if (performance.now() - sliceStarted < SLICE_MS) continue
      if (this.progressDue()) this.progress('words', indexed, indexed + indexer.pending())
      await new Promise((resolve) => setImmediate(resolve))
      if (this.disposed) break
      sliceStarted = performance.now()
    }
    return indexed
  }

  private progressDue(): boolean {
    return this.deps.now() - this.lastProgressAt >= PROGRESS_EVERY_MS
  }

  private progress(phase: KnowledgeProgress['phase'], done: number, total: number, force = false): void {
    const now = this.deps.now()
    if (!force && !this.progressDue()) return
    this.lastProgressAt = now
    void this.deps.embedder.status().then((embeddings) => {
      if (!this.disposed) this.deps.events.emit('knowledge.progress', { phase, done, total, embeddings })
    })
  }
}
