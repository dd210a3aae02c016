import type { AgentId, MessageId, SessionId, TurnId } from '../../shared/contract'

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
  turn: (value: string): TurnId => value as TurnId,
  message: (value: number): MessageId => value as MessageId
} as const

/**
 * A fact's source message, which `memory_facts` keeps as text: its id, or null when the text names
 * no message of this home (a fact from an import, a value edited by hand), so one stray value never
 * stops the facts from being listed.
 */
export function messageIdFromText(text: string | null): MessageId | null {
  return text !== null && /^[1-9][0-9]{0,15}$/.test(text) ? ownId.message(Number(text)) : null
}

/** A fresh session id (`s_` and a random UUID). */
export function newSessionId(): SessionId {
  return ownId.session(`s_${crypto.randomUUID()}`)
}

/** A fresh turn id (`t_` and a random UUID). */
export function newTurnId(): TurnId {
  return ownId.turn(`t_${crypto.randomUUID()}`)
}
