import { z } from 'zod'
import { method } from './define'
import { MessageId, SessionId, TurnId } from './ids'
import { SessionDetail } from './sessions'

const StartedTurn = z.object({ turnId: TurnId, sessionId: SessionId })

export const ForkCost = z.object({
  /** Turns after the fork point that move to the other version. */
  laterTurns: z.number().int(),
  /** Estimated tokens before the fork point: the part that can still be read from cache. */
  keptTokens: z.number().int(),
  /** Estimated tokens of cached history from the fork point on, no longer sent on the new version. */
  droppedTokens: z.number().int(),
  /** False when the cache entry for the part before the fork has expired (it is written again). */
  cacheWarm: z.boolean(),
  rewriteTokens: z.number().int(),
  /** Extra dollars on the next call compared with a cache read. */
  extraCostUsd: z.number()
})
export type ForkCost = z.infer<typeof ForkCost>

/**
 * Versions of a conversation: a regenerated reply or an edited message is a new version beside
 * the old one (never an overwrite); the model only ever sees the chosen path.
 */
export const versionMethods = {
  /** Answers the last message again; the previous reply stays as a version. Progress as chat.* events. */
  'chat.regenerate': method(z.object({ sessionId: SessionId, turnId: TurnId }), StartedTurn),
  /** Resends an edited message: the conversation forks at its turn; later turns stay on the other version. */
  'chat.edit': method(
    z.object({
      sessionId: SessionId,
      turnId: TurnId,
      text: z.string().trim().min(1, 'An edited message needs some text').max(200_000)
    }),
    StartedTurn
  ),
  /** Shows another version at one position (and the conversation that went on from it). */
  'sessions.selectVersion': method(z.object({ sessionId: SessionId, turnId: TurnId }), SessionDetail),
  /**
   * Shows the version that holds a message (a search hit, a memory's source), with the
   * conversation that went on from it; the shown path is unchanged when the message is on it.
   */
  'sessions.selectVersionOf': method(z.object({ sessionId: SessionId, messageId: MessageId }), SessionDetail),
  /** What forking at a turn (edit and resend) does to the prompt cache. */
  'sessions.forkCost': method(z.object({ sessionId: SessionId, turnId: TurnId }), ForkCost)
} as const
