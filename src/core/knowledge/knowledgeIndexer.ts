import type { AgentId } from '../../shared/contract'
import type { HomePaths } from '../home/homePaths'
import type { KeyedSource } from '../ports/knowledgeSources'
import type { FileIndexer } from './fileIndexer'
import { knowledgeFiles } from './fileSources'
import type { KnowledgeStore } from './knowledgeStore'
import { SourceIndexer } from './sourceIndexer'

/** How many source records one step indexes: small, so a step never holds the thread for long. */
export const STEP_ITEMS = 200

export interface IndexSources {
  readonly fact: KeyedSource
  readonly message: KeyedSource
  readonly nexus: KeyedSource
}

/**
 * Everything that brings the index up to date, in small steps: changed facts and messages (the
 * outbox), new Nexus entries, the first build of what existed before, and files on disk.
 */
export class KnowledgeIndexer {
  private readonly facts: SourceIndexer
  private readonly messages: SourceIndexer
  private readonly nexus: SourceIndexer
  private filesDirty = true
  /** When files on disk were last scanned (`performance.now()`); -Infinity before the first scan. */
  private filesScannedAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly store: KnowledgeStore,
    private readonly files: FileIndexer,
    private readonly paths: HomePaths,
    sources: IndexSources
  ) {
    this.facts = new SourceIndexer(store, 'fact', sources.fact, 'fact')
    this.messages = new SourceIndexer(store, 'message', sources.message, 'message')
    this.nexus = new SourceIndexer(store, 'nexus', sources.nexus, null)
  }

  /** Files may have changed (an edit, a save): the next step scans them. */
  touchFiles(): void {
    this.filesDirty = true
  }

  /**
   * Files edited in another program send no word: the next step scans them if the last scan is
   * older than `maxAgeMs`. A scan stats every file (a year's skills and memory files are hundreds),
   * so searches typed a keystroke at a time share one.
   */
  touchFilesOlderThan(maxAgeMs: number): void {
    if (performance.now() - this.filesScannedAt > maxAgeMs) this.filesDirty = true
  }

  /** What recall needs fresh, cheaply: changed facts and the agent's own files. */
  refreshAgent(agentId: AgentId): void {
    while (this.facts.drainOutbox(STEP_ITEMS) > 0) {
      // drains every changed fact: approvals come a few at a time
    }
    // A big file of the agent's is left to the background: recall takes what is indexed so far.
    if (this.files.sync(knowledgeFiles(this.paths, agentId), `agents/${agentId}/`, false).unfinished)
      this.filesDirty = true
  }

  /** One step of up to `limit` records (or a file scan); returns how many it indexed (0: up to date). */
  step(limit = STEP_ITEMS): number {
    const done =
      this.facts.drainOutbox(limit) ||
      this.messages.drainOutbox(limit) ||
      this.nexus.buildStep(limit) ||
      this.facts.buildStep(limit) ||
      this.messages.buildStep(limit)
    if (done > 0) return done
    if (!this.filesDirty) return 0
    const { changed, unfinished } = this.files.sync(knowledgeFiles(this.paths), '')
    this.filesDirty = unfinished
    this.filesScannedAt = performance.now()
    return changed
  }

  /** Roughly how much is left: outbox keys, plus one while a first build or a file scan is due. */
  pending(): number {
    const building = this.facts.building() || this.messages.building() ? 1 : 0
    return this.store.pendingCount() + building + (this.filesDirty ? 1 : 0)
  }

  reset(): void {
    this.store.clear()
    this.filesDirty = true
  }
}
