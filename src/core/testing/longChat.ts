import { writeTransaction } from '../node/db/writeTransaction'
import type { AgentId, SessionId } from '../../shared/contract'
import { createCore } from '../createCore'
import { testId } from '../../shared/testing/ids'
import { plainSession } from './plainSession'

/** What `seedLongChat` made: the agent, the session and the ids of its first and last messages. */
export interface LongChat {
  readonly agentId: AgentId
  readonly sessionId: SessionId
  readonly title: string
  readonly firstMessageId: number
  readonly lastMessageId: number
  /** The text of the last reply, as stored. */
  readonly lastReply: string
}

const TOPICS = ['the trip to Lyon', 'the garden plan', 'the budget sheet', 'the reading list', 'the move']

/** A reply whose shape varies with the turn: prose, a list, code in a bundled or a loaded-on-demand language. */
function replyFor(turn: number): string {
  const topic = TOPICS[turn % TOPICS.length] ?? 'the plan'
  const prose = `Reply ${turn}: here is where ${topic} stands. `.repeat(1 + (turn % 4))
  switch (turn % 5) {
    case 0:
      return `${prose}\n\n- keep the first option\n- check the second by Friday\n- write down what changed`
    case 1:
      return `${prose}\n\n\`\`\`ts\nexport function total(items: number[]): number {\n  return items.reduce((sum, item) => sum + item, ${turn})\n}\n\`\`\``
    case 2:
      return `${prose}\n\n\`\`\`rust\nfn main() {\n    println!("turn ${turn}");\n}\n\`\`\``
    case 3:
      return `${prose}\n\n| item | cost |\n|---|---|\n| train | ${turn} |\n| room | ${turn * 2} |`
    default:
      return prose.trim()
  }
}

/**
 * A home holding one agent with one chat of `messages` stored messages (user and reply in turn),
 * written through the real core and chat repository — what the long-chat e2e spec and the
 * renderer bench open. The fill is one transaction: it is setup, not what is measured.
 */
export function seedLongChat(home: string, messages: number): LongChat {
  const core = createCore({ home, host: 'cli', env: {} })
  try {
    const agent = core.services.agents.create('Archivist')
    const sessionId = testId.session('long-chat')
    const title = `A chat of ${messages} messages`
    const repo = core.internals.chatStores.sessions
    const ids: number[] = []
    let lastReply = ''
    writeTransaction(core.internals.db, () => {
      repo.createSession(plainSession(sessionId, agent.id, 'You are Archivist.', Date.UTC(2026, 10, 1)))
      repo.setTitle(sessionId, title)
      for (let turn = 1; 2 * turn <= messages; turn++) {
        const nowMs = Date.UTC(2026, 10, 1) + turn * 60_000
        const turnId = testId.turn(`turn-${turn}`)
        const question = `Question ${turn}: what is the next step for ${TOPICS[turn % TOPICS.length] ?? 'it'}?`
        ids.push(
          repo.appendMessage({
            sessionId,
            turnId,
            role: 'user',
            kind: 'text',
            status: 'complete',
            content: [{ type: 'text', text: question }],
            nowMs
          }).id
        )
        lastReply = replyFor(turn)
        ids.push(
          repo.appendMessage({
            sessionId,
            turnId,
            role: 'assistant',
            kind: 'reply',
            status: 'complete',
            content: [{ type: 'text', text: lastReply }],
            nowMs: nowMs + 1000
          }).id
        )
      }
    })()
    return {
      agentId: agent.id,
      sessionId,
      title,
      firstMessageId: ids[0] ?? 0,
      lastMessageId: ids.at(-1) ?? 0,
      lastReply
    }
  } finally {
    core.dispose()
  }
}
