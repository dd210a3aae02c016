import { AgentId, MessageId, SessionId, TurnId } from '../contract/ids'

/**
 * Literal ids for tests that call core services directly. Each goes through its schema, as a
 * value from outside the core would, so a test cannot hand the core an id it would refuse.
 */
export const testId = {
  agent: (value: string): AgentId => AgentId.parse(value),
  session: (value: string): SessionId => SessionId.parse(value),
  turn: (value: string): TurnId => TurnId.parse(value),
  message: (value: number): MessageId => MessageId.parse(value)
} as const
