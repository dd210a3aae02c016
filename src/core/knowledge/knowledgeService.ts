import type { AgentId } from '../../shared/contract'
import type { EmbeddingStatus, KnowledgeSearchResult, KnowledgeStatus } from '../../shared/contract/knowledge'
import type { EventHub } from '../events'
import type { HearthConfig } from '../home/config'
import type { ConfigStore } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import type { Db } from '../node/db/openDatabase'
import type { MessageSource, KeyedSource } from '../ports/knowledgeSources'
import { silentLogger, type Logger } from '../ports/logger'
import type { SecretStore } from '../ports/secretStore'
import type { SessionPurgeStep } from '../ports/sessionPurge'
import { Embedder } from './embeddings/embedder'
import { EmbeddingSettings, type EmbeddingConfigInput } from './embeddings/embeddingSettings'
import { BackgroundIndexing } from './backgroundIndexing'
import { FileIndexer } from './fileIndexer'
import { KnowledgeIndexer } from './knowledgeIndexer'
import { KnowledgeSearch, type SearchOutcome } from './knowledgeSearch'
import {
  SEARCH_FILES_MAX_AGE_MS,
  SEARCH_INDEX_BUDGET_MS,
  SEARCH_EMBED_TIMEOUT_MS,
  type IndexedSearchResult,
  type KnowledgeQuery
} from './knowledgeQuery'
import { KnowledgeStore } from './knowledgeStore'
import { LexicalSearch } from './lexicalSearch'
import { VectorIndex, type VectorLoad } from './vectors/vectorIndex'
import { START_DELAY_MS, VectorLoading } from './vectors/vectorLoading'
import { statusSummary } from './statusSummary'
import { textSimilarity } from './textSimilarity'
import type { TextSimilarity } from '../ports/similarity'

export interface KnowledgeDeps {
  readonly db: Db
  readonly paths: HomePaths
  readonly config: () => HearthConfig
  readonly configStore: ConfigStore
  readonly secrets: SecretStore
  readonly env: NodeJS.ProcessEnv
  readonly events: EventHub
  readonly now: () => number
  readonly sources: {
    readonly fact: KeyedSource
    readonly message: MessageSource
    readonly nexus: KeyedSource
  }
  readonly log?: Logger
  /** A read-only home: searched as it is, never written. */
  readonly readOnly?: boolean
  /** False: nothing runs in the background (a read-only home, a bench measuring one thing). */
  readonly background?: boolean
}

/**
 * The fourth memory layer: one index over everything the agents know, searched by words and,
 * when an embedding endpoint is configured, by meaning. Indexing happens in small steps in the
 * background (after a turn, after a change) and before an explicit search; a chat never waits.
 */
export class KnowledgeService implements TextSimilarity {
  readonly store: KnowledgeStore
  readonly indexer: KnowledgeIndexer
  readonly vectors: VectorIndex
  readonly embedder: Embedder
  readonly embeddingSettings: EmbeddingSettings
  private readonly lexical: LexicalSearch
  private readonly searcher: KnowledgeSearch
  private readonly log: Logger
  private readonly worker: BackgroundIndexing
  private readonly vectorLoading: VectorLoading
  private readonly unsubscribe: () => void

  constructor(private readonly deps: KnowledgeDeps) {
    this.log = deps.log ?? silentLogger
    this.store = new KnowledgeStore(deps.db)
    this.indexer = new KnowledgeIndexer(
      this.store,
      new FileIndexer(deps.db, this.store, this.log),
      deps.paths,
      deps.sources
    )
    this.vectors = new VectorIndex(deps.db)
    this.store.onRemoved((ids) => this.vectors.forget(ids))
    this.embeddingSettings = new EmbeddingSettings(deps.config, deps.configStore, deps.secrets, deps.env)
    this.embedder = new Embedder(
      deps.db,
      this.store,
      this.vectors,
      this.embeddingSettings,
      deps.now,
      this.log
    )
    this.lexical = new LexicalSearch(deps.db)
    this.searcher = new KnowledgeSearch(deps.db, this.lexical, this.vectors, () =>
      deps.sources.message.trashedSessions()
    )
    this.unsubscribe = deps.events.subscribe((...[event]) => {
      if (event === 'files.changed') this.indexer.touchFiles()
      if (CHANGES.has(event)) this.schedule(300)
    })
    this.worker = new BackgroundIndexing({
      indexer: this.indexer,
      embedder: this.embedder,
      store: this.store,
      lexical: this.lexical,
      events: deps.events,
      now: deps.now,
      log: this.log,
      enabled: deps.background !== false
    })
    this.vectorLoading = new VectorLoading(this.vectors, (load) => this.loadProgress(load), this.log)
    if (deps.background !== false) this.vectorLoading.startSoon()
    // What changed while no host ran is indexed once the first screen is drawn.
    this.schedule(START_DELAY_MS)
  }

  /** Searches as `query.agentId` sees (or as the user), indexing what is pending first. */
  async search(
    query: KnowledgeQuery,
    indexBudgetMs = SEARCH_INDEX_BUDGET_MS
  ): Promise<KnowledgeSearchResult> {
    this.indexer.touchFilesOlderThan(SEARCH_FILES_MAX_AGE_MS)
    this.indexPending(undefined, indexBudgetMs)
    const result = await this.searchIndexed({ ...query, withStatus: true })
    return {
      results: result.results.map(({ text: _text, ...hit }) => hit),
      notice: result.notice,
      embeddings: result.embeddings ?? (await this.embedder.status())
    }
  }

  /** Searches what is indexed now (per-turn recall: only the agent's facts and files are refreshed first). */
  async searchIndexed(query: KnowledgeQuery): Promise<IndexedSearchResult> {
    query.signal?.throwIfAborted()
    const timeout = query.embedTimeoutMs ?? SEARCH_EMBED_TIMEOUT_MS
    const meaning = timeout > 0 && query.text.trim() !== ''
    const loading = meaning && !this.vectorsReady() ? this.vectors.loadState() : null
    const vector =
      meaning && loading === null
        ? await this.embedder.embedQuery(query.text.slice(0, 2000), timeout, query.signal)
        : null
    query.signal?.throwIfAborted()
    const outcome: SearchOutcome = this.searcher.run(
      {
        text: query.text,
        limit: query.limit,
        ...(query.agentId !== undefined ? { agentId: query.agentId } : {}),
        ...(query.publicOnly === true ? { publicOnly: true } : {}),
        ...(query.kinds ? { kinds: query.kinds } : {}),
        ...(query.snippets === false ? { snippets: false } : {})
      },
      vector
    )
    const embeddings = query.withStatus === false ? null : await this.embedder.status()
    const notes = [...outcome.notes]
    if (loading !== null && (await this.embedder.configured()))
      notes.push(
        `Meaning search starts once the vectors are read into memory (${loading.loaded} of ${loading.total}); these results are by words alone.`
      )
    if (embeddings?.state === 'failing')
      notes.push(`Meaning search skipped: ${embeddings.error ?? 'the embedding endpoint failed'}.`)
    return { results: outcome.hits, notice: notes.length > 0 ? notes.join(' ') : null, embeddings }
  }

  /**
   * Whether meaning search can run now. With background work on, the vectors are read in the
   * background (started here again after they were dropped) and a search goes on by words
   * meanwhile; without it (a bench, a test), they are read now.
   */
  private vectorsReady(): boolean {
    if (this.vectors.ready()) return true
    if (this.deps.background === false) {
      while (!this.vectors.ready()) this.vectors.loadStep(Number.MAX_SAFE_INTEGER)
      return true
    }
    void this.vectorLoading.start()
    return false
  }

  /** Resolves once every stored vector is in memory (`hearth search` waits; the app does not), with progress. */
  async loadVectors(): Promise<void> {
    if (this.deps.background !== false) await this.vectorLoading.start()
    // What the background left (it was stopped, or the vectors were dropped meanwhile): read now.
    while (!this.vectors.ready()) this.vectors.loadStep(Number.MAX_SAFE_INTEGER)
  }

  private loadProgress(load: VectorLoad): void {
    if (load.total === 0) return
    void this.embedder.status().then((embeddings) =>
      this.deps.events.emit('knowledge.progress', {
        phase: load.done ? 'idle' : 'loading',
        done: load.loaded,
        total: load.total,
        embeddings
      })
    )
  }

  /** Brings one agent's facts and files up to date (what per-turn recall needs; cheap). */
  refreshAgent(agentId: AgentId): void {
    if (!this.deps.readOnly) this.indexer.refreshAgent(agentId)
  }

  /** Indexes everything pending (words; vectors are left to the background). Returns items indexed. */
  indexPending(onProgress?: (done: number) => void, budgetMs = Number.POSITIVE_INFINITY): number {
    if (this.deps.readOnly) return 0
    const started = performance.now()
    let total = 0
    for (let done = this.indexer.step(); done > 0; done = this.indexer.step()) {
      total += done
      onProgress?.(total)
      if (performance.now() - started > budgetMs) {
        this.schedule(0) // the rest in the background
        break
      }
    }
    if (total > 0) this.lexical.refresh()
    return total
  }

  /** Embeds every item still without a vector, as far as the endpoint answers. */
  async embedPending(onProgress?: (done: number, total: number) => void): Promise<void> {
    for (;;) {
      const result = await this.embedder.embedBatch()
      onProgress?.(this.embedder.embeddedCount(), this.store.itemCount())
      if (result !== 'more') return
    }
  }

  /** See `TextSimilarity`: the cosine of the texts' vectors when the endpoint answers, else word overlap. */
  similarity(a: string, b: string): Promise<{ score: number; method: 'vector' | 'words' }> {
    return textSimilarity(this.embedder, a, b)
  }

  async status(): Promise<KnowledgeStatus> {
    const embeddings = await this.embedder.status()
    const items = this.store.itemCount()
    const embedded = embeddings.state === 'off' ? 0 : this.embedder.embeddedCount()
    const pending = this.indexer.pending()
    return {
      items,
      pending,
      embedded,
      byKind: this.store.countsByKind(),
      embeddings,
      summary: statusSummary({ items, pending, embedded, embeddings })
    }
  }

  async embeddingStatus(): Promise<EmbeddingStatus> {
    return this.embedder.status()
  }

  /** Drops the index and builds it again: words now, vectors in the background. */
  async reindex(onProgress?: (done: number) => void): Promise<KnowledgeStatus> {
    this.indexer.reset()
    this.vectors.reset()
    this.indexPending(onProgress)
    this.schedule(0)
    return this.status()
  }

  async configureEmbeddings(input: EmbeddingConfigInput): Promise<KnowledgeStatus> {
    await this.embeddingSettings.save(input)
    this.embedder.retryNow()
    this.schedule(0)
    return this.status()
  }

  /** Deleting a chat for good removes its messages from the index in the same transaction. */
  purgeStep(): SessionPurgeStep {
    return { id: 'knowledge', forgetSession: (sessionId) => this.store.removeSession(sessionId) }
  }

  dispose(): void {
    this.unsubscribe()
    this.worker.dispose()
    this.vectorLoading.dispose()
  }

  private schedule(delayMs: number): void {
    this.worker.schedule(delayMs)
  }
}

/** Events after which something may need indexing. */
const CHANGES = new Set([
  'chat.finished',
  'files.changed',
  'memory.written',
  'memory.undone',
  'review.changed',
  'nexus.appended',
  'chats.changed'
])
