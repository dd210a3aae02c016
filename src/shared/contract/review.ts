import { z } from 'zod'
import { method } from './define'
import { FactPageLimit, ReviewCursor } from './factPages'
import { AgentId, MessageId, SessionId } from './ids'
import { ImportSource } from './importSource'
import { SessionEndReason } from './sessions'

export const FactId = z.number().int().positive()
export type FactId = z.infer<typeof FactId>

/** `forgotten`: an approved fact the user took back; never recalled, kept with its history, restorable. */
export const FactStatus = z.enum(['pending', 'approved', 'rejected', 'superseded', 'forgotten'])
export type FactStatus = z.infer<typeof FactStatus>

/** A candidate's proposed merge: it repeats an approved fact, or it contradicts one. */
export const MergeKind = z.enum(['duplicate', 'contradiction'])
export type MergeKind = z.infer<typeof MergeKind>

/** Where a fact came from: proposed by retention at session end, written by the user, sent back for review by a wrong-fact flag, a memory-tool write waiting for approval, or brought in by an import. */
export const FactOrigin = z.enum(['retention', 'user', 'flagged', 'tool', 'import'])
export type FactOrigin = z.infer<typeof FactOrigin>

export const FactType = z.enum(['decision', 'user_fact', 'project_fact', 'error_fix', 'preference'])
export type FactType = z.infer<typeof FactType>

export const Speaker = z.enum(['user', 'agent'])

/**
 * Where an imported candidate came from: a line of a file of the other runtime's home, or a
 * message of an imported conversation.
 */
export const FactProvenance = z.object({
  source: ImportSource,
  /** The file, relative to the folder imported (e.g. `memories/USER.md`), or the export file. */
  file: z.string().nullable(),
  /** 1-based line of the entry in that file. */
  line: z.number().int().positive().nullable(),
  /** The conversation's id in the other runtime, and the message's. */
  conversation: z.string().nullable(),
  message: z.string().nullable()
})
export type FactProvenance = z.infer<typeof FactProvenance>
export type Speaker = z.infer<typeof Speaker>

/** One step of a memory-tool write (the tool's own argument shape). */
export const ToolWriteOperation = z.object({
  action: z.enum(['add', 'replace', 'remove']),
  content: z.string().optional(),
  old_text: z.string().optional()
})
export type ToolWriteOperation = z.infer<typeof ToolWriteOperation>

/**
 * A memory-tool write the agent asked for while the user wants to be asked first: what it would
 * do to MEMORY.md or USER.md (checked against the file when it was asked), applied on approval.
 */
export const ToolWrite = z.object({
  target: z.enum(['memory', 'user']),
  operations: z.array(ToolWriteOperation),
  /** Whole entries before/after, as a receipt shows them. */
  changes: z.array(
    z.object({
      action: z.enum(['add', 'replace', 'remove']),
      before: z.string().nullable(),
      after: z.string().nullable()
    })
  )
})
export type ToolWrite = z.infer<typeof ToolWrite>

/**
 * One entry of an agent's memory bank. Retention creates them as `pending` candidates; the user
 * approves, edits, merges or rejects them. Rows are never deleted: history keeps every change.
 */
export const Fact = z.object({
  id: FactId,
  agentId: AgentId,
  status: FactStatus,
  type: FactType,
  speaker: Speaker,
  text: z.string(),
  entities: z.array(z.string()),
  quote: z.string(),
  sessionId: SessionId.nullable(),
  messageId: MessageId.nullable(),
  /** Findings of the strict injection scan; such candidates are kept but marked. */
  scanFailed: z.boolean(),
  scanFindings: z.array(z.string()),
  /** An approved fact this candidate duplicates or contradicts (proposed merge), if any. */
  mergeTargetId: FactId.nullable(),
  mergeKind: MergeKind.nullable(),
  mergeTargetText: z.string().nullable(),
  /** Approved facts the user excluded from recall ("suppress"). */
  recallSuppressed: z.boolean(),
  /** 'tool': a memory-tool write waiting for approval ("ask me first"); see `toolWrite`. */
  origin: FactOrigin,
  toolWrite: ToolWrite.nullable(),
  /** The title of the source session (null without a session, or once it is gone). */
  sessionTitle: z.string().nullable(),
  /** The source message's position among the session's messages, from 1, as the chat shows them. */
  messageNumber: z.number().int().positive().nullable(),
  /** Origin 'import': the import that proposed it and where in the other runtime it came from. */
  importId: z.string().nullable().default(null),
  provenance: FactProvenance.nullable().default(null),
  createdAtMs: z.number().int(),
  updatedAtMs: z.number().int()
})
export type Fact = z.infer<typeof Fact>

export const FactEventKind = z.enum([
  'created',
  'edited',
  'approved',
  'merged',
  'rejected',
  'restored',
  'superseded',
  'suppressed',
  'unsuppressed',
  'flagged',
  'pinned',
  'unpinned',
  'forgotten',
  /** The user took a decision back from Review's history (detail: the event undone). */
  'undone'
])
export type FactEventKind = z.infer<typeof FactEventKind>

export const FactEvent = z.object({
  id: z.number().int(),
  factId: FactId,
  kind: FactEventKind,
  beforeText: z.string().nullable(),
  afterText: z.string().nullable(),
  /** Free-form JSON detail (merge target, session of a re-run, pin path…). */
  detail: z.record(z.string(), z.unknown()),
  atMs: z.number().int()
})
export type FactEvent = z.infer<typeof FactEvent>

/**
 * One ended session as Review tells it: how it ended, and what retention made of it — how many
 * candidates it proposed (and how many still wait), why it failed, or why it never ran.
 */
export const SessionEndSummary = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  title: z.string(),
  endedAtMs: z.number(),
  /** Null for sessions that ended before the reason was kept. */
  reason: SessionEndReason.nullable(),
  /** Why the session closed without its end work (too slight to read on quit or idle). */
  skipped: z.string().nullable(),
  /** Retention's last run over the session; null when it never ran. */
  retention: z
    .object({ candidates: z.number().int(), error: z.string().nullable(), ranAtMs: z.number() })
    .nullable(),
  /** Its candidates still waiting in Review. */
  pending: z.number().int()
})
export type SessionEndSummary = z.infer<typeof SessionEndSummary>

const FactText = z.string().trim().min(1, 'A fact needs some text').max(4000)

export const ReviewDecisionKind = z.enum(['approved', 'rejected', 'merged'])
export type ReviewDecisionKind = z.infer<typeof ReviewDecisionKind>

/** One decision made in Review, as its history lists it: what, when, and whether Undo can take it back. */
export const ReviewDecision = z.object({
  /** The history event that recorded the decision (what `review.undo` takes). */
  eventId: z.number().int().positive(),
  decision: ReviewDecisionKind,
  atMs: z.number().int(),
  /** The candidate as it is now. */
  candidate: Fact,
  /** Its text when it was decided. */
  text: z.string(),
  /** For a merge: the fact it went into, the text that fact took, and the text it had before. */
  merge: z.object({ intoId: FactId, intoText: z.string(), intoBefore: z.string().nullable() }).nullable(),
  /** When the decision was undone (it stays in the history); null while it stands. */
  undoneAtMs: z.number().int().nullable(),
  /** Why Undo cannot take it back any more, in words; null when it can (or when it was undone). */
  undoBlocked: z.string().nullable()
})
export type ReviewDecision = z.infer<typeof ReviewDecision>

export const reviewMethods = {
  'review.list': method(
    z.object({
      agentId: AgentId.optional(),
      status: FactStatus.optional(),
      /** Only the candidates one import proposed. */
      importId: z.string().max(100).optional(),
      /** At most this many (500 when not given); `next` says where the following page starts. */
      limit: FactPageLimit.optional(),
      after: ReviewCursor.optional()
    }),
    /** In the inbox's order: by agent, then the chat each came from, then oldest first. */
    z.object({ candidates: z.array(Fact), next: ReviewCursor.nullable() })
  ),
  /** Approves a pending candidate, optionally with edited text (recorded as an edit first). */
  'review.approve': method(
    z.object({ id: FactId, text: FactText.optional() }),
    z.object({ candidate: Fact })
  ),
  'review.reject': method(z.object({ id: FactId }), z.object({ candidate: Fact })),
  /** Folds a candidate into an approved fact: the fact takes `text`, the candidate is superseded. */
  'review.merge': method(
    z.object({ id: FactId, intoId: FactId, text: FactText }),
    z.object({ candidate: Fact, target: Fact })
  ),
  /**
   * Folds several pending candidates of one agent into the first: it takes `text`, the others are
   * superseded. With `approve`, the merged candidate is approved in the same step (a decided result).
   */
  'review.mergeCandidates': method(
    z.object({
      ids: z.array(FactId).min(2, 'Select at least two candidates to merge').max(100),
      text: FactText,
      approve: z.boolean().optional()
    }),
    z.object({ candidate: Fact, superseded: z.array(Fact) })
  ),
  /** Undoes a decision: a rejected or superseded fact goes back to pending, a forgotten one back to approved. */
  'review.restore': method(z.object({ id: FactId }), z.object({ candidate: Fact })),
  'review.history': method(z.object({ id: FactId }), z.object({ events: z.array(FactEvent) })),
  /** Decided candidates (approved, rejected, merged), newest first: one agent's, or every agent's. */
  'review.decided': method(
    z.object({ agentId: AgentId.optional(), limit: z.number().int().min(1).max(500).optional() }),
    z.object({ decisions: z.array(ReviewDecision) })
  ),
  /**
   * Takes one decision back: an approval or rejection returns the candidate to the inbox (an
   * approved fact stops being recalled); a merge returns the candidates to the inbox and the fact
   * they went into to its text before. `changed` lists every fact it touched.
   */
  'review.undo': method(
    z.object({ eventId: z.number().int().positive() }),
    z.object({ candidate: Fact, changed: z.array(Fact) })
  ),
  /** The latest session ends (of one agent, or one session), with the candidates each produced. */
  'review.sessionEnds': method(
    z.object({
      agentId: AgentId.optional(),
      sessionId: SessionId.optional(),
      limit: z.number().int().min(1).max(100).optional()
    }),
    z.object({ sessions: z.array(SessionEndSummary) })
  ),
  /** One candidate or fact in whatever state it is now (a chat's pending write asks what became of it). */
  'review.get': method(z.object({ id: FactId }), z.object({ candidate: Fact })),
  'review.counts': method(
    z.object({}),
    z.object({ pending: z.number().int(), byAgent: z.record(AgentId, z.number().int()) })
  ),
  /** Excludes (or re-includes) an approved fact from recall. */
  'review.suppress': method(z.object({ id: FactId, suppressed: z.boolean() }), z.object({ candidate: Fact })),
  /** "This is wrong": an approved fact goes back to the inbox as pending. */
  'review.flagWrong': method(z.object({ id: FactId }), z.object({ candidate: Fact }))
} as const

export const ReviewChanged = z.object({ agentId: AgentId, pending: z.number().int() })
