import type { AgentId, SessionId } from '../../shared/contract'
import type { NewSession } from '../chat/store/sessionRepository'

/**
 * A session row with an empty prompt report and no tools, for filling a database with chats
 * directly (benchmarks, seeded homes) rather than through the chat engine.
 */
export function plainSession(
  id: SessionId,
  agentId: AgentId,
  systemPrompt: string,
  nowMs: number
): NewSession {
  return {
    id,
    agentId,
    cwd: null,
    model: 'claude-sonnet-5-5',
    provider: 'anthropic',
    platform: 'cli',
    systemPrompt,
    promptReport: {
      tiers: { stable: '', context: '', volatile: '' },
      tierOffsets: {},
      layers: [],
      warnings: [],
      tokens: 0
    },
    tools: [],
    toolsHash: 'none',
    nowMs
  }
}
