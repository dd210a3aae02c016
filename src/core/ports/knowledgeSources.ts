import type { AgentId, MessageId, SessionId } from '../../shared/contract'

/**
 * What the knowledge index reads of the features that own the sources it covers. Facts
 * (memory), messages (chat) and Nexus entries (the Nexus) each implement one `KeyedSource`
 * over their own tables, so the index never runs SQL on tables it does not own.
 */

/** Who may find a record: everyone, its agent (and the user), or the user alone. */
export const AUDIENCES = ['everyone', 'agent', 'user'] as const
export type Audience = (typeof AUDIENCES)[number]

/** One source record as the index stores it (before a long text is cut into chunks). */
export interface SourceRecord {
  /** The fact id, message id or Nexus seq. */
  readonly key: number
  readonly audience: Audience
  readonly agentId: AgentId | null
  readonly sessionId: SessionId | null
  readonly messageId: MessageId | null
  readonly nexusId: string | null
  readonly seq: number | null
  /** Epoch ms the source was written. */
  readonly ts: number
  readonly title: string
  readonly text: string
}

export interface KeyedSource {
  /** The searchable record for each key; a key whose record is gone or not searchable maps to null. */
  read(keys: readonly number[]): Map<number, SourceRecord | null>
  /** Searchable records with a key above `after`, ascending, at most `limit` (a full build's pages). */
  after(after: number, limit: number): SourceRecord[]
}

/** Chat's messages: user texts and finished replies; chats in the trash are left out of results. */
export interface MessageSource extends KeyedSource {
  trashedSessions(): ReadonlySet<SessionId>
}
