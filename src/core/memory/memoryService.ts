import type { ModelClients } from '../ports/modelClients'
import type {
  MemoryFileView,
  MemoryRecalled,
  MemoryTarget,
  MemoryToolResult,
  RecalledItem
} from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import { conflict } from '../errors'
import type { EventHub } from '../events'
import type { HomePaths } from '../home/homePaths'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import type { RetrievedItem, Retriever } from '../ports/retriever'
import type { SessionPurgeStep } from '../ports/sessionPurge'
import { silentLogger, type Logger } from '../ports/logger'
import type { SessionEndHook, TurnContextProvider } from '../ports/turnContext'
import type { AgentService } from '../services/agentService'
import type { SettingsService } from '../services/settingsService'
import type { FactStore } from './factStore'
import { describeUsage } from './memoryEntries'
import { lookUpMemory, type MemoryHit } from './memoryLookup'
import { MemoryFiles } from './memoryFiles'
import { MemoryJournal } from './memoryJournal'
import type { ThreatScanner } from './memoryOperations'
import { MemoryTool, type MemoryRequest } from './memoryTool'
import { Pinning } from './pinning'
import type { RecallLog } from './recallLog'
import { createRecallProvider, recalledItem } from './recallProvider'
import { MemoriesService } from './memoriesService'
import { MemoryFileStore } from './memoryFileStore'
import type { ReceiptStore } from './receiptStore'
import type { MemoryStores } from './memoryStores'
import { ReceiptUndo } from './receiptUndo'
import { RetentionService } from './retentionService'
import { ReviewHistory } from './reviewHistory'
import { ReviewService } from './reviewService'
import { ToolWrites } from './toolWrites'
import type { Transcripts } from '../ports/transcripts'
import type { AgentId } from '../../shared/contract'

export interface MemoryServiceDeps {
  /** The feature's repositories (see `openMemoryStores`). */
  readonly stores: MemoryStores
  /** Retention keeps its run log in one transaction with the facts it proposes. */
  readonly db: Db
  readonly paths: HomePaths
  readonly clock: Clock
  readonly events: EventHub
  readonly settings: SettingsService
  /** Retention's SDK client, for the settings' endpoint and key when a session ends. */
  readonly models: ModelClients
  readonly agents: AgentService
  readonly scan: ThreatScanner
  /** The chat feature's sessions, which retention reads when one ends. */
  readonly transcripts: Pick<Transcripts, 'transcript' | 'provenance' | 'turnMessageId'>
  readonly log?: Logger
  /** What recall, the recall tool and merge proposals search with: the knowledge index. */
  readonly retriever: Retriever
}

/**
 * Everything memory in one place for the composition root: the memory tool and its files, the
 * bank with its review gate, recall, retention and pinning. Limits and `recall.k` are read from
 * config.json on each use so a change applies without a restart.
 */
export class MemoryService {
  readonly files: MemoryFiles
  readonly receipts: ReceiptStore
  /** Memory writes in flight, so a killed writer's write is finished or rolled back (see MemoryJournal). */
  readonly journal: MemoryJournal
  readonly recalls: RecallLog
  readonly tool: MemoryTool
  readonly facts: FactStore
  readonly review: ReviewService
  readonly reviewHistory: ReviewHistory
  readonly retriever: Retriever
  readonly retention: RetentionService
  readonly pinning: Pinning
  readonly toolWrites: ToolWrites
  readonly undo: ReceiptUndo
  readonly memoryFiles: MemoryFileStore
  readonly memories: MemoriesService

  constructor(private readonly deps: MemoryServiceDeps) {
    const { db, paths, clock, events, settings, scan } = deps
    this.files = new MemoryFiles(
      paths,
      () => {
        const { memoryCharLimit, userCharLimit } = settings.config().memory
        return { memory: memoryCharLimit, user: userCharLimit }
      },
      clock
    )
    this.receipts = deps.stores.receipts
    this.journal = new MemoryJournal(db, this.receipts, () => clock.now())
    this.recalls = deps.stores.recalls
    this.facts = deps.stores.facts
    this.toolWrites = new ToolWrites(this.facts, events, (request, context) =>
      this.tool.execute(request, context)
    )
    this.tool = new MemoryTool({
      files: this.files,
      journal: this.journal,
      scan,
      events,
      clock,
      unavailableReason: (id) => this.unavailableReason(id),
      askFirst: () => settings.config().memory.agentWrites === 'ask',
      propose: (context, write) => this.toolWrites.propose(context, write)
    })
    this.review = new ReviewService(this.facts, scan, events, this.toolWrites)
    this.reviewHistory = new ReviewHistory(this.facts, events)
    this.undo = new ReceiptUndo(this.receipts, this.files, events, clock)
    this.memoryFiles = new MemoryFileStore(paths)
    this.memories = new MemoriesService({
      facts: this.facts,
      files: this.memoryFiles,
      receipts: this.receipts,
      show: (agentId, target) => this.show(agentId, target),
      pins: (agentId) => this.pinning.pins(agentId),
      transcripts: deps.transcripts
    })
    this.retriever = deps.retriever
    this.pinning = new Pinning({
      paths,
      facts: this.facts,
      tool: this.tool,
      entries: this.files,
      memoryFiles: this.memoryFiles,
      scan
    })
    this.retention = new RetentionService({
      db,
      facts: this.facts,
      transcripts: deps.transcripts,
      scan,
      clock,
      events,
      similar: (agentId, text) => this.similarFacts(agentId, text),
      model: async (agentId) => {
        const config = settings.config()
        const client = await deps.models.current()
        return {
          client,
          model: config.agents[agentId]?.model ?? config.model,
          maxTokens: config.maxOutputTokens
        }
      }
    })
  }

  show(agentId: AgentId, target: MemoryTarget): MemoryFileView {
    this.deps.agents.get(agentId)
    const snapshot = this.files.read(agentId, target)
    return {
      target,
      path: snapshot.path,
      entries: [...snapshot.entries],
      usage: describeUsage(snapshot.entries, snapshot.limit)
    }
  }

  /** Brings a forgotten fact back as approved (only forgotten ones: Review restores the others). */
  restoreFact(id: number): Fact {
    const fact = this.facts.get(id)
    if (fact && fact.status !== 'forgotten')
      throw conflict(`Fact ${id} is ${fact.status}, not forgotten; there is nothing to restore here.`)
    return this.review.restore(id)
  }

  /** A write the user makes (CLI or UI): the memory tool's rules, without a session. */
  async apply(agentId: AgentId, request: MemoryRequest): Promise<MemoryToolResult> {
    return (await this.tool.execute(request, { agentId, sessionId: null, origin: 'user' })).result
  }

  /** The best `k` items (`recall.k` by default) for `query`, as recall shows them. */
  async search(agentId: AgentId, query: string, k?: number, signal?: AbortSignal): Promise<RecalledItem[]> {
    const limit = k ?? this.deps.settings.config().recall.k
    const items = await this.retriever.retrieve({
      agentId,
      text: query,
      limit,
      ...(signal ? { signal } : {})
    })
    return items.flatMap((item) => {
      const recalled = recalledItem(item)
      return recalled ? [recalled] : []
    })
  }

  /** Everything the agent may see that matches `query` (the `recall` tool), each with its source. */
  async searchEverything(agentId: AgentId, query: string, limit: number): Promise<readonly RetrievedItem[]> {
    return this.retriever.retrieve({ agentId, text: query, limit, scope: 'everything' })
  }

  /** What the agents remember about `query`, for runtimes outside Hearth (MCP's memory_search). */
  async lookup(query: string, options: { agent?: string; limit?: number } = {}): Promise<MemoryHit[]> {
    return lookUpMemory(
      {
        paths: this.deps.paths,
        agentIds: () => this.deps.agents.list().map((agent) => agent.id),
        search: (agentId, text, k) => this.search(agentId, text, k)
      },
      query,
      options
    )
  }

  /** The per-turn recall for the chat engine (provider id 'recall'). */
  recallProvider(): TurnContextProvider {
    return createRecallProvider({
      search: (agentId, query, k) => this.search(agentId, query, k),
      k: () => this.deps.settings.config().recall.k,
      beginTurn: (sessionId) => this.tool.beginTurn(sessionId),
      now: () => this.deps.clock.now(),
      onRecalled: (recalled) => {
        this.logRecall(recalled)
        this.deps.events.emit('memory.recalled', recalled)
      }
    })
  }

  /**
   * What memory forgets when a chat is deleted for good: what recall put in its turns and that
   * retention read it. Facts and receipts stay; they are the agent's memory, with their own quote.
   */
  purgeStep(): SessionPurgeStep {
    return {
      id: 'memory',
      forgetSession: (sessionId) => {
        this.recalls.forgetSession(sessionId)
        this.retention.forgetSession(sessionId)
      }
    }
  }

  /** The recall log is a record for the UI: failing to write it must not cost the turn its recall. */
  private logRecall(recalled: MemoryRecalled): void {
    try {
      this.recalls.record(recalled)
    } catch (error) {
      const log = this.deps.log ?? silentLogger
      log.warn(`could not record what turn ${recalled.turnId} recalled`, { error })
    }
  }

  /** Retention for the chat engine's session-end hooks. */
  retentionHook(): SessionEndHook {
    return this.retention.hook()
  }

  private async similarFacts(agentId: AgentId, text: string): Promise<{ id: number; text: string }[]> {
    const items = await this.retriever.retrieve({ agentId, text, limit: 5 })
    return items.flatMap((item) =>
      item.source.kind === 'fact' ? [{ id: item.source.factId, text: item.text }] : []
    )
  }

  private unavailableReason(agentId: AgentId): string | null {
    try {
      this.deps.agents.get(agentId)
      return null
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }
}
