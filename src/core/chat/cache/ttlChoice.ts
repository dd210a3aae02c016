import type { SessionId } from '../../../shared/contract'
import type { CacheTtlPolicy } from '../../../shared/contract/settings'
import { estimateTokens } from '../../../shared/util/tokens'
import { chooseTtl, type PreviousCall, type TtlPlan } from '../../domain/cache/ttlPolicy'
import type { CallRepository } from '../store/callRepository'
import type { SessionRecord, StoredMessage } from '../chatTypes'
import type { SessionRepository } from '../store/sessionRepository'
import { systemBlocks } from './systemBlocks'

/** How many recent user turns of the agent the policy looks at. */
const RECENT_TURNS = 41

/** Where the policy's evidence is read: the agent's turns and the session's previous call. */
export interface TtlSources {
  readonly sessions: Pick<SessionRepository, 'userTurnStarts' | 'messages'>
  readonly calls: Pick<CallRepository, 'lastAnswered'>
}

function messageTokens(message: StoredMessage): number {
  return estimateTokens(JSON.stringify(message.content))
}

/**
 * Start-to-start gaps between consecutive user turns of one session, over the agent's recent
 * turns in every session: how long this user pauses inside a conversation. The gap before a
 * session's first turn is left out — it measures switching chats, not answering.
 */
export function gapsWithinSessions(starts: readonly { at: number; sessionId: SessionId }[]): number[] {
  return starts.slice(1).flatMap((older, i) => {
    const newer = starts[i] as { at: number; sessionId: SessionId }
    return newer.sessionId === older.sessionId ? [newer.at - older.at] : []
  })
}

function previousCall(sources: TtlSources, session: SessionRecord, nowMs: number): PreviousCall | null {
  const call = sources.calls.lastAnswered(session.id)
  return call ? { sinceMs: nowMs - call.startedAtMs, ttl: call.recipe.ttl } : null
}

/**
 * The TTL plan of a turn about to run (its user message is stored): the setting, and for `auto`
 * the user's pauses with this agent, the size of what is cached, and whether the session's
 * previous call left entries that are still alive. `transcript` is the session's chosen path
 * with the turn's user message, when the caller has it (else it is read).
 */
export function ttlForTurn(
  sources: TtlSources,
  session: SessionRecord,
  policy: CacheTtlPolicy,
  nowMs: number,
  transcript?: readonly StoredMessage[]
): TtlPlan {
  if (policy !== 'auto')
    return chooseTtl(policy, { gapsMs: [], prefixTokens: 0, turnTokens: 0, previousCall: null })
  const gapsMs = gapsWithinSessions(sources.sessions.userTurnStarts(session.agentId, RECENT_TURNS))
  const messages = (transcript ?? sources.sessions.messages(session.id)).filter(
    (message) => message.inContext
  )
  const turns = Math.max(
    1,
    messages.filter((message) => message.role === 'user' && message.kind === 'text').length
  )
  const history = messages.slice(0, -1).reduce((sum, message) => sum + messageTokens(message), 0)
  const system = systemBlocks(session.systemPrompt, session.promptReport)
  const prefixTokens =
    estimateTokens(JSON.stringify(session.tools)) +
    system.reduce((sum, block) => sum + estimateTokens(block.text), 0) +
    history
  // What this turn writes anew: at least its own message, else the average turn so far.
  const newest = messages.at(-1)
  const turnTokens = Math.max(Math.round(history / turns), newest ? messageTokens(newest) : 0)
  return chooseTtl(policy, {
    gapsMs,
    prefixTokens,
    turnTokens,
    previousCall: previousCall(sources, session, nowMs)
  })
}
