import { z } from 'zod'
import { FACT_PAGE_MAX } from './constants'
import { AgentId } from './ids'

const FactId = z.number().int().positive()

export { FACT_PAGE_MAX } from './constants'

export const FactPageLimit = z.number().int().min(1).max(FACT_PAGE_MAX)

/**
 * Where the next page of Review's list starts: after this fact, in the inbox's order (agent, the
 * chat it came from with no chat first as '', then id). Taken from the previous page's `next`.
 */
export const ReviewCursor = z.object({
  agentId: AgentId,
  sessionId: z.string().max(200),
  id: FactId
})
export type ReviewCursor = z.infer<typeof ReviewCursor>

/**
 * Where the next page of an agent's facts in Memories starts: after this fact, in Memories' order
 * (most recently changed first, then the higher id). Taken from the previous page's `next`.
 */
export const MemoriesCursor = z.object({ updatedAtMs: z.number().int(), id: FactId })
export type MemoriesCursor = z.infer<typeof MemoriesCursor>
