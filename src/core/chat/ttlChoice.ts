import type { CacheTtlPolicy } from '../../shared/contract/settings'
import { estimateTokens } from '../../shared/util/tokens'
import { chooseTtl, type TtlPlan } from '../domain/cache/ttlPolicy'
import type { SessionRecord, StoredMessage } from './chatTypes'
import type { SessionRepository } from './sessionRepository'
import { systemBlocks } from './systemBlocks'

/** How many recent turns of the agent the policy looks at. */
const RECENT_TURNS = 41

function messageTokens(message: StoredMessage): number {
  return estimateTokens(JSON.stringify(message.content))
}

/**
 * The TTL plan of a turn about to run (its user message is stored): the setting, and for `auto`
 * the gaps between the agent's recent turns and the size of the conversation the turn extends.
 */
export function ttlForTurn(repo: SessionRepository, session: SessionRecord, policy: CacheTtlPolicy): TtlPlan {
  if (policy !== 'auto') return chooseTtl(policy, { gapsMs: [], conversationTokens: 0, turnTokens: 0 })
  const times = repo.userTurnTimes(session.agentId, RECENT_TURNS)
  const gapsMs = times.slice(1).map((at, i) => (times[i] as number) - at)
  const messages = repo.messages(session.id).filter((message) => message.inContext)
  const turns = Math.max(
    1,
    messages.filter((message) => message.role === 'user' && message.kind === 'text').length
  )
  const history = messages.slice(0, -1).reduce((sum, message) => sum + messageTokens(message), 0)
  const laterTiers = systemBlocks(session.systemPrompt, session.promptReport).filter(
    (block) => block.tier !== 'stable'
  )
  const conversationTokens = history + laterTiers.reduce((sum, block) => sum + estimateTokens(block.text), 0)
  // What this turn writes anew: at least its own message, else the average turn so far.
  const newest = messages.at(-1)
  const turnTokens = Math.max(Math.round(history / turns), newest ? messageTokens(newest) : 0)
  return chooseTtl(policy, { gapsMs, conversationTokens, turnTokens })
}
