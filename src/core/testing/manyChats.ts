import type { AgentId } from '../../shared/contract'
import { testId } from '../../shared/testing/ids'
import { createCore } from '../createCore'
import { writeTransaction } from '../node/db/writeTransaction'
import { plainSession } from './plainSession'

/** What `seedManyChats` made: the agent and the titles of its newest and oldest chats. */
export interface ManyChats {
  readonly agentId: AgentId
  readonly newestTitle: string
  readonly oldestTitle: string
}

const FIRST_MS = Date.UTC(2026, 0, 1)

/**
 * A home holding one agent with `count` chats, one a minute apart (chat 1 the oldest), written
 * through the real core and chat repository in one transaction: setup for specs that need more
 * chats than one page of the list, not what they measure.
 */
export function seedManyChats(home: string, count: number): ManyChats {
  const core = createCore({ home, host: 'cli', env: {} })
  try {
    const agent = core.services.agents.create('Archivist')
    const repo = core.internals.chatStores.sessions
    writeTransaction(core.internals.db, () => {
      for (let n = 1; n <= count; n++) {
        const id = testId.session(`chat-${String(n).padStart(5, '0')}`)
        repo.createSession(plainSession(id, agent.id, 'You are Archivist.', FIRST_MS + n * 60_000))
        repo.setTitle(id, `Chat number ${n}`)
      }
    })()
    return { agentId: agent.id, newestTitle: `Chat number ${count}`, oldestTitle: 'Chat number 1' }
  } finally {
    core.dispose()
  }
}
