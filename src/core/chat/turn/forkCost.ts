import type { TurnId } from '../../../shared/contract'
import type { CallRepository } from '../store/callRepository'
import type { CacheTtl, SessionRecord } from '../chatTypes'
import { estimateRequestTokens } from './compression'
import { TTL_MS } from './modelCall'
import { cacheBreakCostUsd } from '../pricing'
import { buildWireMessages } from './requestBuilder'
import type { SessionRepository } from '../store/sessionRepository'
import { pathView } from './turnForks'

/** What forking at a turn does to the prompt cache, in numbers the edit box can state. */
export interface ForkCost {
  /** Turns after the fork point that move to the other version. */
  readonly laterTurns: number
  /** Estimated tokens before the fork point (tools, system, earlier turns): the part that can be read again. */
  readonly keptTokens: number
  /** Estimated tokens of the history from the fork point on, cached but not sent after the fork. */
  readonly droppedTokens: number
  /** True when the cache entry for the part before the fork point should still be alive. */
  readonly cacheWarm: boolean
  /** Tokens the next call is expected to write to the cache again (0 while the entry is warm). */
  readonly rewriteTokens: number
  /** Extra dollars on the next call compared with reading those tokens from cache. */
  readonly extraCostUsd: number
}

/**
 * Estimates the cache cost of forking at `turnId`. The prefix before it was last read by the
 * first call of that turn; after the TTL that entry is gone and the whole prefix is written
 * again. The turns from the fork point on are never sent again on the new version.
 */
export function forkCost(
  repo: SessionRepository,
  calls: CallRepository,
  session: SessionRecord,
  turnId: TurnId,
  now: { nowMs: number; ttl: CacheTtl }
): ForkCost {
  const view = pathView(repo, session.id)
  const index = view.path.indexOf(turnId)
  const earlier = new Set(view.path.slice(0, Math.max(0, index)))
  const messages = repo.messages(session.id)
  const before = messages.filter((m) => earlier.has(m.turnId) || m.kind === 'checkpoint')
  const keptTokens = estimateRequestTokens(session, buildWireMessages(before, null))
  const droppedTokens = Math.max(
    0,
    estimateRequestTokens(session, buildWireMessages(messages, null)) - keptTokens
  )
  const firstCall = calls
    .forSession(session.id)
    .find((call) => call.turnId === turnId && call.purpose === 'turn')
  // The entry lives as long as the TTL it was marked with, not the one the next call would pick.
  const cacheWarm =
    firstCall !== undefined && now.nowMs - firstCall.startedAtMs < TTL_MS[firstCall.recipe.ttl]
  const rewriteTokens = cacheWarm ? 0 : keptTokens
  return {
    laterTurns: index < 0 ? 0 : view.path.length - 1 - index,
    keptTokens,
    droppedTokens,
    cacheWarm,
    rewriteTokens,
    extraCostUsd: cacheBreakCostUsd(session.model, rewriteTokens, now.ttl)
  }
}
