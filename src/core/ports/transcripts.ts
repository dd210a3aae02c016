import type { AgentId, MessageId, SessionId, TurnId } from '../../shared/contract'
/**
 * What other features read of the chat feature's stored sessions. The chat feature owns its
 * tables and implements this port; retention, the Nexus and memory read through it instead of
 * running SQL on tables they do not own.
 */

import type { Speaker } from '../../shared/contract/review'

/** One message of a session as retention reads it: who spoke, its id, and its plain text. */
export interface TranscriptMessage {
  readonly id: string
  readonly role: Speaker
  readonly text: string
}

export interface Transcript {
  readonly sessionId: SessionId
  readonly agentId: AgentId
  /** The import that brought the session in (what retention proposes from it is tagged with it); null for a chat held here. */
  readonly importId: string | null
  readonly messages: readonly TranscriptMessage[]
}

/** What a finished session amounts to, for the summary its agent's colleagues get. */
export interface SessionOutline {
  readonly agentId: AgentId
  readonly title: string
  readonly startedAtMs: number
  /** Messages the user typed (every version of an edited one counts). */
  readonly userTurns: number
  /** The plain text of the agent's last reply; '' when there was none. */
  readonly lastReply: string
}

/** One turn in brief: what was asked, the tools it called (and whether each worked), the reply. */
export interface TurnOutline {
  readonly request: string
  readonly reply: string
  readonly tools: readonly { readonly name: string; readonly input: unknown; readonly ok: boolean }[]
}

/** Where a quoted message sits, as a person places it. */
export interface MessagePlace {
  /** The session's title; null when it has none or the session is gone. */
  readonly sessionTitle: string | null
  /** The message's number among the ones the chat shows (user texts and replies), from 1; null when unknown. */
  readonly messageNumber: number | null
}

export interface Transcripts {
  /** The agent a session belongs to; undefined for an unknown session. */
  agentOf(sessionId: SessionId): AgentId | undefined
  outline(sessionId: SessionId): SessionOutline | undefined
  /** What the user asked in one turn (its first user message), as plain text. */
  turnRequest(sessionId: SessionId, turnId: TurnId): string | undefined
  /** The id of the message a turn starts with (what the user sent), to open the chat there. */
  turnMessageId(sessionId: SessionId, turnId: TurnId): MessageId | undefined
  /** One turn (any version) in brief; undefined for an unknown turn. */
  turnOutline(sessionId: SessionId, turnId: TurnId): TurnOutline | undefined
  /** The text of the session's latest compression checkpoint. */
  latestCheckpoint(sessionId: SessionId): string | undefined
  /**
   * What the user typed and the agent replied, in order; tool results are left out (machine
   * output, not facts anyone stated) and a tool call shows as a one-line marker.
   */
  transcript(sessionId: SessionId): Transcript | undefined
  /** Where a message of a session sits; a message id that is not a stored one reads as unknown. */
  provenance(sessionId: SessionId, messageId: MessageId | null): MessagePlace
}
