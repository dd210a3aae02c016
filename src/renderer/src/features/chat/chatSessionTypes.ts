import type { AgentId, MessageId, SessionId } from '../../../../shared/contract'

/** A cache-breaking action the user is about to confirm, with what it will cost. */
export interface CacheBreakPrompt {
  readonly kind: 'switch-model' | 'rebuild' | 'switch-folder'
  readonly model: string
  /** For 'switch-folder': the folder the new chat works in (null: no project). */
  readonly cwd?: string | null
  readonly prefixTokens: number
  readonly extraCostUsd: number
}

/** A stored message to show: its session and id, and the agent the session belongs to. */
export interface ChatMessageTarget {
  readonly agentId?: AgentId
  readonly sessionId: SessionId
  /** Null: no message in particular (the chat opens at its end). */
  readonly messageId: MessageId | null
}
