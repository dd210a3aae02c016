import type { AgentId, SessionId, TurnId } from '../../shared/contract'

/**
 * The one documented way to brand a string as an id without its schema's check. Everything that
 * enters from outside (a contract payload, config.json, a folder name, a CLI argument) is branded
 * by parsing it with the id's schema; these are only for ids the core made itself or reads back
 * from its own database, where the value was checked before it was stored and a regex per row
 * (rows are read by the ten thousand) would buy nothing.
 */
export const ownId = {
  agent: (value: string): AgentId => value as AgentId,
  session: (value: string): SessionId => value as SessionId,
  turn: (value: string): TurnId => value as TurnId
} as const

/** A fresh session id (`s_` and a random UUID). */
export function newSessionId(): SessionId {
  return ownId.session(`s_${crypto.randomUUID()}`)
}

/** A fresh turn id (`t_` and a random UUID). */
export function newTurnId(): TurnId {
  return ownId.turn(`t_${crypto.randomUUID()}`)
}
