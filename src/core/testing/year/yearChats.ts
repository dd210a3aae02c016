import type { AgentId, MessageId, SessionId, TurnId } from '../../../shared/contract'
import type { ChatStores } from '../../chat/store/chatStores'
import type { CallUsage } from '../../chat/chatTypes'
import type { NewMessage } from '../../chat/store/messageRepository'
import type { Db } from '../../node/db/openDatabase'
import { writeTransaction } from '../../node/db/writeTransaction'
import { plainSession } from '../plainSession'
import { prose, replyText, topic, userText } from './yearText'
import type { YearRandom, YearVolumes } from './yearVolumes'

/** The year begins here; sessions spread evenly over the next 365 days. */
export const YEAR_START_MS = Date.UTC(2025, 11, 1)
const DAY_MS = 86_400_000
/** Messages written per transaction: big enough to be quick, small enough to keep the WAL small. */
const MESSAGES_PER_BATCH = 5_000
/** A call's recipe keeps the ids it sent; a long chat is compressed long before this many. */
const RECIPE_IDS = 200

export interface YearChats {
  readonly sessionIds: readonly SessionId[]
  /** The longest chat: the first session of the first agent. */
  readonly longest: { readonly sessionId: SessionId; readonly title: string; readonly messages: number }
}

/** Even message counts per session (a turn is a question and its reply) that add up to the year's total. */
function messageCounts(random: YearRandom, volumes: YearVolumes): number[] {
  const rest = volumes.messages - volumes.longestChat
  const weights = Array.from({ length: volumes.sessions - 1 }, () => random.logNormal(100, 1.1, 1, 10_000))
  const sum = weights.reduce((a, b) => a + b, 0)
  const cap = volumes.longestChat - 2
  const counts = weights.map((w) => Math.min(cap, Math.max(2, 2 * Math.round((rest * w) / sum / 2))))
  let missing = volumes.longestChat + counts.reduce((a, b) => a + b, 0) - volumes.messages
  if (counts.length * cap < rest || counts.length * 2 > rest)
    throw new Error(
      `${volumes.sessions} chats cannot hold ${volumes.messages} messages with the longest at ${volumes.longestChat}.`
    )
  // Take or give whole turns, round-robin, until the total is exact.
  for (let i = 0; missing !== 0; i = (i + 1) % counts.length) {
    const count = counts[i] as number
    if (missing > 0 && count > 2) ((counts[i] = count - 2), (missing -= 2))
    else if (missing < 0 && count < cap) ((counts[i] = count + 2), (missing += 2))
  }
  return [volumes.longestChat, ...counts]
}

function usageOf(random: YearRandom): CallUsage {
  const read = random.int(40_000)
  const write = random.chance(0.2) ? random.int(8_000) : 0
  return {
    input_tokens: 50 + random.int(3_000),
    output_tokens: 20 + random.int(1_500),
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
    cache_write_5m: write,
    cache_write_1h: 0
  }
}

interface SessionPlan {
  readonly id: SessionId
  readonly agentId: AgentId
  readonly messages: number
  readonly startMs: number
  readonly title: string
  readonly ended: boolean
}

/**
 * Writes one session through the chat repositories: its row, title, messages turn by turn,
 * the calls that answered some turns (with usage, added to the session's totals) and its end.
 */
function writeSession(
  stores: ChatStores,
  random: YearRandom,
  plan: SessionPlan,
  callAt: (turn: number) => boolean,
  systemPrompt: string
): void {
  const { sessions } = stores
  sessions.createSession(plainSession(plan.id, plan.agentId, systemPrompt, plan.startMs))
  sessions.setTitle(plan.id, plan.title)
  const messages: NewMessage[] = []
  let nowMs = plan.startMs
  for (let turn = 1; 2 * turn <= plan.messages; turn++) {
    const turnId = `${plan.id}-t${turn}` as TurnId
    nowMs += 30_000 + random.int(600_000)
    messages.push(
      {
        ...{ sessionId: plan.id, turnId, role: 'user', kind: 'text', status: 'complete' },
        content: [{ type: 'text', text: userText(random, turn) }],
        nowMs
      },
      {
        ...{ sessionId: plan.id, turnId, role: 'assistant', kind: 'reply', status: 'complete' },
        content: [{ type: 'text', text: replyText(random, turn) }],
        nowMs: nowMs + 4_000
      }
    )
  }
  // The whole chat in one append, then the calls that answered some of its turns.
  const ids = sessions.appendMessages(messages).map((message) => message.id)
  for (let i = 0; i < messages.length; i += 2) {
    const question = messages[i] as NewMessage
    if (callAt(i / 2 + 1))
      writeCall(
        stores,
        random,
        plan.id,
        question.turnId,
        ids.slice(0, i + 1),
        ids[i] as MessageId,
        question.nowMs
      )
  }
  if (plan.ended) sessions.endSession(plan.id, nowMs + 60_000)
}

function writeCall(
  stores: ChatStores,
  random: YearRandom,
  sessionId: SessionId,
  turnId: TurnId,
  ids: readonly MessageId[],
  contextMessageId: MessageId,
  nowMs: number
): void {
  const usage = usageOf(random)
  const costUsd =
    (usage.input_tokens * 3 + usage.output_tokens * 15 + usage.cache_read_input_tokens * 0.3) / 1e6
  const id = stores.calls.start({
    ...{ sessionId, turnId, iteration: 0, purpose: 'turn', model: 'claude-sonnet-5-5', promptVersion: 1 },
    recipe: {
      maxTokens: 8_192,
      ttl: '5m',
      messageIds: ids.slice(-RECIPE_IDS),
      context: [],
      contextMessageId
    },
    sections: {
      ...{ model: 'claude-sonnet-5-5', toolsHash: 'none', systemHash: 'year', promptVersion: 1 },
      breakpoints: [],
      estimatedTotalTokens: usage.input_tokens + usage.cache_read_input_tokens
    },
    nowMs
  })
  stores.calls.finish(id, {
    ...{ status: 'ok', error: null, usage, expectedRead: usage.cache_read_input_tokens, missReason: null },
    costUsd,
    nowMs: nowMs + 3_000
  })
  stores.sessions.addUsage(sessionId, usage, costUsd, 0, nowMs + 3_000)
}

/**
 * The year's chats: `sessions` chats holding `messages` messages between them (one of
 * `longestChat`, the rest heavy-tailed), `calls` of their turns answered by a recorded call.
 * Written in transactions of about five thousand messages.
 */
export function writeYearChats(
  db: Db,
  stores: ChatStores,
  random: YearRandom,
  volumes: YearVolumes,
  agentIds: readonly AgentId[],
  progress: (done: number) => void
): YearChats {
  const counts = messageCounts(random, volumes)
  const turns = volumes.messages / 2
  const systemPrompts = agentIds.map((id) => `You are ${id}. ${prose(random, 3_000)}`)
  const plans: SessionPlan[] = counts.map((messages, i) => ({
    id: `year-${String(i + 1).padStart(5, '0')}` as SessionId,
    agentId: agentIds[i % agentIds.length] as AgentId,
    messages,
    startMs: YEAR_START_MS + Math.floor((i * 365 * DAY_MS) / counts.length),
    title: i === 0 ? `The long chat about ${topic(random)}` : `Chat ${i + 1}: ${topic(random)}`,
    ended: i < counts.length - 3
  }))
  let turnIndex = 0
  const callAt = (): boolean => {
    const before = Math.floor((turnIndex * volumes.calls) / turns)
    turnIndex++
    return Math.floor((turnIndex * volumes.calls) / turns) > before
  }
  let done = 0
  for (let start = 0; start < plans.length;) {
    let end = start
    let batch = 0
    while (
      end < plans.length &&
      (batch === 0 || batch + (plans[end] as SessionPlan).messages <= MESSAGES_PER_BATCH)
    )
      batch += (plans[end++] as SessionPlan).messages
    writeTransaction(db, () => {
      for (const plan of plans.slice(start, end))
        writeSession(stores, random, plan, callAt, systemPrompts[agentIds.indexOf(plan.agentId)] ?? '')
    })()
    done += batch
    progress(done)
    start = end
  }
  const longest = plans[0] as SessionPlan
  return {
    sessionIds: plans.map((plan) => plan.id),
    longest: { sessionId: longest.id, title: longest.title, messages: longest.messages }
  }
}
