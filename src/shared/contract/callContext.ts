import { z } from 'zod'
import { AgentId } from './ids'

/**
 * One thing a per-turn block put before the model, with where it lives: a recalled fact (opens
 * in Memories), a recalled memory file, or a Nexus entry (opens in the timeline).
 */
export const ContextItem = z.object({
  kind: z.enum(['fact', 'file', 'nexus']),
  agentId: AgentId.nullable(),
  factId: z.number().int().nullable(),
  slug: z.string().nullable(),
  seq: z.number().int().nullable(),
  /** The item's text as recall found it; null for a Nexus entry (its lines are in the block). */
  text: z.string().nullable(),
  /** Recall's score (higher is more relevant); null where no score ranked it (the Nexus). */
  score: z.number().nullable(),
  /** How it was chosen and what its score means, in plain words. */
  why: z.string()
})
export type ContextItem = z.infer<typeof ContextItem>

/**
 * A per-turn block as one call sent it: appended to the current user message at call time, kept
 * in the call record (never in the transcript). `text` is null on calls recorded before the call
 * record kept it; then only the size and hash are known.
 */
export const CallContextBlock = z.object({
  providerId: z.string(),
  fenceTag: z.string(),
  chars: z.number().int(),
  sha256: z.string(),
  text: z.string().nullable(),
  items: z.array(ContextItem)
})
export type CallContextBlock = z.infer<typeof CallContextBlock>
