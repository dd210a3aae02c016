import { z } from 'zod'
import { method } from './define'
import { AgentId, SessionId } from './ids'

export const FactId = z.number().int().positive()
export type FactId = z.infer<typeof FactId>

export const FactStatus = z.enum(['pending', 'approved', 'rejected', 'superseded'])
export type FactStatus = z.infer<typeof FactStatus>

export const FactType = z.enum(['decision', 'user_fact', 'project_fact', 'error_fix', 'preference'])
export type FactType = z.infer<typeof FactType>

export const Speaker = z.enum(['user', 'agent'])
export type Speaker = z.infer<typeof Speaker>

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
  messageId: z.string().nullable(),
  /** Findings of the strict injection scan; such candidates are kept but marked. */
  scanFailed: z.boolean(),
  scanFindings: z.array(z.string()),
  /** An approved fact this candidate duplicates or contradicts (proposed merge), if any. */
  mergeTargetId: FactId.nullable(),
  mergeKind: z.enum(['duplicate', 'contradiction']).nullable(),
  mergeTargetText: z.string().nullable(),
  /** Approved facts the user excluded from recall ("suppress"). */
  recallSuppressed: z.boolean(),
  origin: z.enum(['retention', 'user', 'flagged']),
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
  'pinned'
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

const FactText = z.string().trim().min(1, 'A fact needs some text').max(4000)

export const reviewMethods = {
  'review.list': method(
    z.object({ agentId: AgentId.optional(), status: FactStatus.optional() }),
    z.object({ candidates: z.array(Fact) })
  ),
  /** Approves a pending candidate, optionally with edited text (recorded as an edit first). */
  'review.approve': method(z.object({ id: FactId, text: FactText.optional() }), z.object({ candidate: Fact })),
  'review.reject': method(z.object({ id: FactId }), z.object({ candidate: Fact })),
  /** Folds a candidate into an approved fact: the fact takes `text`, the candidate is superseded. */
  'review.merge': method(
    z.object({ id: FactId, intoId: FactId, text: FactText }),
    z.object({ candidate: Fact, target: Fact })
  ),
  /** Brings a rejected or superseded fact back to pending. */
  'review.restore': method(z.object({ id: FactId }), z.object({ candidate: Fact })),
  'review.history': method(z.object({ id: FactId }), z.object({ events: z.array(FactEvent) })),
  'review.counts': method(z.object({}), z.object({ pending: z.number().int(), byAgent: z.record(z.string(), z.number().int()) })),
  /** Excludes (or re-includes) an approved fact from recall. */
  'review.suppress': method(z.object({ id: FactId, suppressed: z.boolean() }), z.object({ candidate: Fact })),
  /** "This is wrong": an approved fact goes back to the inbox as pending. */
  'review.flagWrong': method(z.object({ id: FactId }), z.object({ candidate: Fact }))
} as const

export const ReviewChanged = z.object({ agentId: AgentId, pending: z.number().int() })
