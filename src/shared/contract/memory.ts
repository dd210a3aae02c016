import { z } from 'zod'
import { method } from './define'
import { AgentId, SessionId, TurnId } from './ids'
import { KnowledgeMethod } from './knowledge'

/** The two curated memory files: the agent's MEMORY.md and the shared USER.md. */
export const MemoryTarget = z.enum(['memory', 'user'])
export type MemoryTarget = z.infer<typeof MemoryTarget>

export const MemoryAction = z.enum(['add', 'replace', 'remove'])
export type MemoryAction = z.infer<typeof MemoryAction>

export const MemoryOperation = z.object({
  action: z.string(),
  content: z.string().optional(),
  old_text: z.string().optional()
})
export type MemoryOperation = z.infer<typeof MemoryOperation>

/**
 * The memory tool's own result object, exactly what the model (and `hearth memory … --json`)
 * reads. Success and refusal share one shape so callers branch on `success` only.
 */
export const MemoryToolResult = z
  .object({
    success: z.boolean(),
    error: z.string().optional(),
    message: z.string().optional(),
    done: z.boolean().optional(),
    target: MemoryTarget.optional(),
    usage: z.string().optional(),
    entry_count: z.number().int().optional(),
    note: z.string().optional(),
    current_entries: z.array(z.string()).optional(),
    matches: z.array(z.string()).optional(),
    drift_backup: z.string().optional(),
    remediation: z.string().optional()
  })
  .loose()
export type MemoryToolResult = z.infer<typeof MemoryToolResult>

/** One change a memory write made, for the receipt card (before/after are whole entries). */
export const MemoryChange = z.object({
  action: MemoryAction,
  before: z.string().nullable(),
  after: z.string().nullable()
})
export type MemoryChange = z.infer<typeof MemoryChange>

export const MemoryUsage = z.object({
  chars: z.number().int(),
  limit: z.number().int(),
  percent: z.number().int(),
  /** "x% — n/limit chars", the same text the tool returns. */
  text: z.string(),
  entryCount: z.number().int()
})
export type MemoryUsage = z.infer<typeof MemoryUsage>

/** 'tool' when the agent wrote it, 'user' for CLI/UI writes, 'pin' when a fact was pinned. */
export const ReceiptOrigin = z.enum(['tool', 'user', 'pin'])
export type ReceiptOrigin = z.infer<typeof ReceiptOrigin>

/** Proof of one saved memory write: what changed and the usage after it. Stored and evented. */
export const MemoryReceipt = z.object({
  id: z.number().int(),
  agentId: AgentId,
  sessionId: SessionId.nullable(),
  /** The chat turn whose tool call wrote it; null for CLI/UI writes and receipts stored before turn ids were kept. */
  turnId: TurnId.nullable(),
  target: MemoryTarget,
  path: z.string(),
  changes: z.array(MemoryChange),
  usage: MemoryUsage,
  origin: ReceiptOrigin,
  atMs: z.number().int(),
  /** False for receipts stored before Hearth kept the bytes needed to undo them. */
  undoable: z.boolean(),
  /** When Undo put the file back as it was before this write; null while the write stands. */
  undoneAtMs: z.number().int().nullable()
})
export type MemoryReceipt = z.infer<typeof MemoryReceipt>

/** An undone write: the receipt (now with `undoneAtMs`) and the file's usage after the undo. Evented as `memory.undone`. */
export const MemoryUndone = z.object({ receipt: MemoryReceipt, usage: MemoryUsage, message: z.string() })
export type MemoryUndone = z.infer<typeof MemoryUndone>

export const MemoryFileView = z.object({
  target: MemoryTarget,
  path: z.string(),
  entries: z.array(z.string()),
  usage: MemoryUsage
})
export type MemoryFileView = z.infer<typeof MemoryFileView>

/** One recalled item with its score (higher is better) for the "recalled this turn" chip. */
export const RecalledKind = z.enum(['fact', 'file'])
export type RecalledKind = z.infer<typeof RecalledKind>

export const RecalledItem = z.object({
  kind: RecalledKind,
  /** The fact id for facts; null for memory files. */
  factId: z.number().int().nullable(),
  /** The memory file slug for files; null for facts. */
  slug: z.string().nullable(),
  text: z.string(),
  score: z.number(),
  /** How it was found: by its words, by meaning, or both (absent on records kept before). */
  method: KnowledgeMethod.optional()
})
export type RecalledItem = z.infer<typeof RecalledItem>

/**
 * What recall found for one user turn; drives the "recalled this turn" chip. Evented live (empty
 * items clear the chip) and stored when something was recalled, so `memory.recallsForSession`
 * brings the chip back after a reload. Metadata only: never the fenced text the model read.
 */
export const MemoryRecalled = z.object({
  agentId: AgentId,
  sessionId: SessionId,
  turnId: TurnId,
  /** 0-based user turn within the session. */
  turnIndex: z.number().int(),
  /** The turn-context provider that recalled it, e.g. 'recall'. */
  provider: z.string(),
  items: z.array(RecalledItem),
  atMs: z.number().int()
})
export type MemoryRecalled = z.infer<typeof MemoryRecalled>

export const PinDestination = z.enum(['memory', 'user', 'file'])
export type PinDestination = z.infer<typeof PinDestination>

const FactIdInput = z.number().int().positive()

/**
 * Where an approved fact is pinned now: an entry of MEMORY.md or USER.md, or a memory file of its
 * own. Only pins still there count: an entry edited away or a file moved is no longer a pin.
 */
export const FactPin = z.object({
  factId: FactIdInput,
  to: PinDestination,
  /** The place as the user reads it: "MEMORY.md", "USER.md" or "memories/<slug>.md". */
  place: z.string(),
  path: z.string(),
  atMs: z.number().int()
})
export type FactPin = z.infer<typeof FactPin>

export const PinOutcome = z.object({
  success: z.boolean(),
  /** What happened, or why nothing did (over budget, already there, refused by the scan). */
  message: z.string(),
  path: z.string().nullable(),
  /** The memory tool's own result for the MEMORY.md / USER.md write, when there was one. */
  result: MemoryToolResult.nullable(),
  /** The new pin; null when nothing was pinned. */
  pin: FactPin.nullable()
})
export type PinOutcome = z.infer<typeof PinOutcome>

export const memoryMethods = {
  'memory.show': method(z.object({ agentId: AgentId, target: MemoryTarget }), MemoryFileView),
  /** The same operation the agent's memory tool performs, on the user's behalf. */
  'memory.apply': method(
    z.object({
      agentId: AgentId,
      target: MemoryTarget,
      action: MemoryAction.optional(),
      content: z.string().max(100_000).optional(),
      oldText: z.string().max(100_000).optional(),
      operations: z.array(MemoryOperation).max(100).optional()
    }),
    MemoryToolResult
  ),
  'memory.receipts': method(
    z.object({ sessionId: SessionId }),
    z.object({ receipts: z.array(MemoryReceipt) })
  ),
  /** An agent's newest memory writes, newest first, with the receipt ids `memory.undo` takes. */
  'memory.agentReceipts': method(
    z.object({ agentId: AgentId, limit: z.number().int().min(1).max(1000).optional() }),
    z.object({ receipts: z.array(MemoryReceipt) })
  ),
  /**
   * Puts the file back exactly as it was before the receipt's write (byte for byte, BOM and line
   * ends included). Refused (conflict) when the file changed since, or the write was already undone.
   */
  'memory.undo': method(z.object({ receiptId: z.number().int().positive() }), MemoryUndone),
  /** What each turn of a session recalled, oldest turn first (turns that recalled nothing are absent). */
  'memory.recallsForSession': method(
    z.object({ sessionId: SessionId }),
    z.object({ recalls: z.array(MemoryRecalled) })
  ),
  'memory.recall': method(
    z.object({
      agentId: AgentId,
      query: z.string().max(20_000),
      k: z.number().int().min(1).max(50).optional()
    }),
    z.object({ items: z.array(RecalledItem) })
  ),
  /**
   * Pins an approved fact into MEMORY.md, USER.md (as an entry, with the memory tool's budget,
   * scan and duplicate rules) or its own memory file (plus an index line in MEMORY.md). A pin the
   * file refuses, or one already there, comes back with `success: false` and says why.
   */
  'memory.pin': method(
    z.object({ factId: FactIdInput, to: PinDestination, slug: z.string().max(200).optional() }),
    PinOutcome
  ),
  /**
   * Takes a pin back: the entry leaves MEMORY.md / USER.md; a memory file goes with its index
   * line (deleted when untouched since the pin, else moved to the forgotten files, restorable).
   * The fact itself stays approved. Refused (not found) when the fact is not pinned there.
   */
  'memory.unpin': method(
    z.object({ factId: FactIdInput, from: PinDestination }),
    z.object({ message: z.string(), result: MemoryToolResult.nullable() })
  )
} as const

export { detectUnsavedMemoryClaim } from './constants'
