import { z } from 'zod'
import { AgentId, SessionId } from './ids'

/**
 * An open chat whose frozen prompt was built before a file's saved change: it keeps its prompt
 * (the change applies to the next session) unless rebuilt, and a rebuild costs a cache write.
 */
export const ChatBehindFile = z.object({
  id: SessionId,
  agentId: AgentId,
  title: z.string(),
  /** A reply is streaming: a rebuild has to wait for it. */
  answering: z.boolean(),
  model: z.string(),
  /** Estimated tokens of the rebuilt prompt, tools and conversation that the next call writes again. */
  prefixTokens: z.number().int(),
  /** Extra dollars on the next call compared with a cache read. */
  extraCostUsd: z.number(),
  /** Dollars per million tokens written to the cache at the chat's TTL, and read from it. */
  cacheWritePerMTokUsd: z.number(),
  cacheReadPerMTokUsd: z.number()
})
export type ChatBehindFile = z.infer<typeof ChatBehindFile>
