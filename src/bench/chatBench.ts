import type { AgentId, SessionId } from '../shared/contract'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import type { CallRecord } from '../core/chat/store/callRepository'
import type { ChatService } from '../core/chat/chatService'
import { createCore } from '../core/createCore'
import type { BuiltPrompt, PromptBuilder } from '../core/ports/promptBuilder'
import { testCatalog } from '../core/testing/chatHarness'
import { canonicalBlocks } from '../../tests/fakeAnthropic/canonical'
import { cacheEfficiency, prefixChains } from './dayOracle'
import { figure, reference, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'
import { measureSessionStore } from './chatBenchStore'
import { testId } from '../shared/testing/ids'

const TURNS = 40

const PERSONA = [
  '# Atlas',
  '',
  'You are Atlas, a research companion who helps the user plan trips, compare sources and keep notes.',
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `- Principle ${i + 1}: state what you know, cite where it came from, and say plainly what you could not check; prefer short answers with one concrete next step.`
  )
].join('\n')

const MEMORY = [
  'The user lives in Lyon and travels by train when possible.',
  'Prefers metric units and 24-hour times.',
  'Planning a walking holiday in the Alps next summer.'
].join('\n§\n')

/** Wraps the real assembler with a minute-level timestamp: the naive layout that breaks the cache. */
function timestamped(inner: PromptBuilder, minute: () => number): PromptBuilder {
  return {
    build(request): BuiltPrompt {
      const built = inner.build(request)
      const stamp = `\n\nCurrent time: 2026-11-29 ${String(9 + Math.floor(minute() / 60)).padStart(2, '0')}:${String(minute() % 60).padStart(2, '0')}`
      return {
        ...built,
        text: built.text + stamp,
        tiers: { ...built.tiers, volatile: built.tiers.volatile + stamp }
      }
    }
  }
}

function userText(turn: number): string {
  return `Turn ${turn}: could you compare two options for the next leg of the trip, keeping the budget, the walking distance and the train connections in mind? Keep it short.`
}

function replyText(turn: number): string {
  return `For turn ${turn}, option A is cheaper and keeps the daily walk under fifteen kilometres, while option B saves an hour on the train but adds a steep climb. I would pick A unless the weather turns. `.repeat(
    2
  )
}

interface SessionRun {
  readonly calls: readonly CallRecord[]
  readonly share: number
  readonly promptStable: boolean
  /** Σ read ÷ Σ readable prefix over the session's requests (from the fake's request log). */
  readonly efficiency: number
  /** 1 when a new session of the agent read tools + stable tier from cache on its first call. */
  readonly newSessionStableRead: number
}

/**
 * A 40-turn scripted session through the real engine, SDK and fake server: a tool call every
 * fifth turn and a MEMORY.md edit halfway (which must not touch the frozen prompt). The naive
 * variant rebuilds the prompt before every turn with a minute-level timestamp.
 */
async function runSession(ctx: BenchContext, fake: FakeAnthropic, naive: boolean): Promise<SessionRun> {
  const home = join(ctx.tmpDir, naive ? 'naive' : 'cached')
  let minute = 0
  const core = createCore({
    home,
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url },
    seams: {
      toolCatalog: testCatalog(),
      ...(naive ? { wrapPrompts: (prompts: PromptBuilder) => timestamped(prompts, () => minute) } : {})
    }
  })
  try {
    const s = core.services
    const agent = s.agents.create('Atlas', testId.agent('atlas'))
    writeFileSync(s.paths.soul(agent.id), PERSONA)
    writeFileSync(s.paths.memory(agent.id), MEMORY)
    const { chat, sessions } = s
    let sessionId: SessionId | undefined
    let frozen: string | undefined
    for (let turn = 1; turn <= TURNS; turn++) {
      if (turn % 5 === 0)
        fake.script({
          text: 'Let me check that city.',
          toolUses: [{ name: 'lookup', input: { city: 'Paris' } }]
        })
      fake.script(replyText(turn))
      if (turn === TURNS / 2)
        writeFileSync(s.paths.memory(agent.id), `${MEMORY}\n§\nChanged mid-session: prefers hostels.`)
      if (naive && sessionId) {
        minute++
        sessions.rebuildPrompt(sessionId)
      }
      const result = await chat.runTurn({
        text: userText(turn),
        ...(sessionId ? { sessionId } : { agentId: agent.id })
      })
      sessionId = result.sessionId
      frozen ??= sessions.get(sessionId).systemPrompt
    }
    if (sessionId === undefined) throw new Error('The bench ran no turn')
    const id = sessionId
    const calls = core.internals.chatStores.calls.forSession(id)
    const read = calls.reduce((sum, c) => sum + c.usage.cache_read_input_tokens, 0)
    const total = calls.reduce(
      (sum, c) =>
        sum + c.usage.cache_read_input_tokens + c.usage.cache_creation_input_tokens + c.usage.input_tokens,
      0
    )
    const promptStable = sessions.get(id).systemPrompt === frozen
    const efficiency = cacheEfficiency(prefixChains(fake.requests, fake.cache.options, 'sk-bench'))
    const newSessionStableRead = naive ? 0 : await newSessionReadsStable(chat, agent.id, fake)
    ctx.log(
      `${naive ? 'naive' : 'cached'}: ${calls.length} calls, ${read}/${total} input tokens read from cache, prompt ${promptStable ? 'unchanged' : 'changed'}`
    )
    return { calls, share: total === 0 ? 0 : read / total, promptStable, efficiency, newSessionStableRead }
  } finally {
    core.dispose()
  }
}

/** Starts a new session of the agent: 1 if its first call read tools + stable tier from cache. */
async function newSessionReadsStable(
  chat: ChatService,
  agentId: AgentId,
  fake: FakeAnthropic
): Promise<number> {
  fake.script('A fresh start.')
  const fresh = await chat.runTurn({ agentId, text: 'A new chat: where were we?' })
  const stableEnd = stablePrefixTokens(fake.requests.at(-1)?.body, fake)
  return stableEnd > 0 && fresh.usage.cache_read_input_tokens >= stableEnd ? 1 : 0
}

/** Tokens of tools + stable tier in a request: the prefix up to the first marked system block. */
function stablePrefixTokens(body: unknown, fake: FakeAnthropic): number {
  const blocks = canonicalBlocks(body as Record<string, unknown>, fake.cache.options)
  const end = blocks.findIndex((block) => block.segment === 'system' && block.ttl !== undefined)
  return end < 0 ? 0 : blocks.slice(0, end + 1).reduce((sum, block) => sum + block.tokens, 0)
}

/**
 * Calls that read less than the previous call had cached (or nothing at all on a cold start)
 * yet carry no miss reason. Judged from usage alone, independently of the engine's classifier.
 */
export function callsMissingReason(calls: readonly CallRecord[]): number {
  let missing = 0
  let previous: CallRecord | undefined
  for (const call of calls) {
    const possible = previous
      ? previous.usage.cache_read_input_tokens + previous.usage.cache_creation_input_tokens
      : 0
    const cold = !previous && call.usage.cache_read_input_tokens === 0
    if ((cold || call.usage.cache_read_input_tokens < possible * 0.98) && call.missReason === null) missing++
    previous = call
  }
  return missing
}

export const chatBench: BenchSuite = {
  name: 'chat',
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const fake = await startFakeAnthropic()
    try {
      const cached = await runSession(ctx, fake, false)
      fake.reset()
      const naive = await runSession(ctx, fake, true)
      if (!cached.promptStable) ctx.log('WARNING: the MEMORY.md edit changed the frozen prompt')
      return [
        figure('chat.cache_read_share', cached.share, 'ratio', 0.95, 'higher'),
        reference('chat.naive_cache_read_share', naive.share, 'ratio', 'higher'),
        figure('chat.cache_efficiency', cached.efficiency, 'ratio', 0.995, 'higher'),
        figure('chat.new_session_stable_read', cached.newSessionStableRead, 'flag', 1, 'higher'),
        figure(
          'chat.calls_missing_reason',
          callsMissingReason(cached.calls) + callsMissingReason(naive.calls),
          'calls',
          0,
          'lower'
        ),
        ...measureSessionStore(ctx.tmpDir, ctx.quick, ctx.log)
      ]
    } finally {
      await fake.close()
    }
  }
}
