import type { AgentId, SessionId } from '../../shared/contract'
import type {
  MemoryFileView,
  MemoryReceipt,
  MemoryRecalled,
  MemoryTarget,
  MemoryToolResult,
  RecalledItem
} from '../../shared/contract/memory'
import type { Fact, FactEvent } from '../../shared/contract/review'
import type { MemoriesService } from './memoriesService'
import type { MemoryFileStore } from './memoryFileStore'
import type { MemoryHit } from './memoryLookup'
import type { MemoryRequest } from './memoryTool'
import type { Pinning } from './pinning'
import type { ReceiptUndo } from './receiptUndo'
import type { RetentionService } from './retentionService'
import type { ReviewHistory } from './reviewHistory'
import type { ReviewService } from './reviewService'

/**
 * Memory as the hosts use it: one method per thing a handler, a CLI command or an MCP tool does.
 * The handlers, the CLI and MCP see only this face (`CoreServices.memory`); the stores, the tool
 * and retention behind it are wired by the composition root and reached by nobody else.
 */
export interface MemoryUseCases {
  // The agent's MEMORY.md and USER.md, written on the user's behalf.
  show(agentId: AgentId, target: MemoryTarget): MemoryFileView
  apply(agentId: AgentId, request: MemoryRequest): Promise<MemoryToolResult>
  sessionReceipts(sessionId: SessionId): MemoryReceipt[]
  agentReceipts(agentId: AgentId, limit: number): MemoryReceipt[]
  undoWrite: ReceiptUndo['undo']

  // Recall.
  search(agentId: AgentId, query: string, k?: number, signal?: AbortSignal): Promise<RecalledItem[]>
  /** What the agents remember about `query`, for runtimes outside Hearth (MCP's memory_search). */
  lookup(query: string, options?: { agent?: string; limit?: number }): Promise<MemoryHit[]>
  sessionRecalls(sessionId: SessionId): MemoryRecalled[]

  // The review inbox.
  reviewPage: ReviewService['page']
  candidate: ReviewService['get']
  reviewCounts: ReviewService['counts']
  approveCandidate: ReviewService['approve']
  rejectCandidate: ReviewService['reject']
  mergeCandidate: ReviewService['merge']
  mergeCandidates: ReviewService['mergeCandidates']
  restoreCandidate: ReviewService['restore']
  suppressFact: ReviewService['suppress']
  flagWrong: ReviewService['flagWrong']
  factHistory(id: number): FactEvent[]
  reviewDecisions: ReviewHistory['decided']
  undoReviewDecision: ReviewHistory['undo']

  // The Memories view.
  memories: MemoriesService['list']
  factsPage: MemoriesService['factsPage']
  pinsOf: MemoriesService['pinsOf']
  memoryWrites: MemoriesService['writes']
  editFact: ReviewService['edit']
  forgetFact: ReviewService['forget']
  /** Brings a forgotten fact back as approved (only forgotten ones: Review restores the others). */
  restoreFact(id: number): Fact
  pinFact: Pinning['pin']
  unpinFact: Pinning['unpin']
  readMemoryFile: MemoryFileStore['read']
  writeMemoryFile: MemoryFileStore['write']
  forgetMemoryFile: MemoryFileStore['forget']
  restoreMemoryFile: MemoryFileStore['restore']

  // Retention.
  /** Retention over one session now (`force` re-runs a session already retained). */
  runRetention: RetentionService['run']
  retentionRuns: RetentionService['runsFor']
  /** How many of the session's candidates still wait in the inbox. */
  pendingCount(sessionId: SessionId): number
}
