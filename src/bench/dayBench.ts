import type { AgentId, SessionId } from '../shared/contract'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import type { ChatService } from '../core/chat/chatService'
import { createCore, type Core } from '../core/createCore'
import type { PromptBuilder } from '../core/ports/promptBuilder'
import { figure, reference, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'
import { dayPersona, scriptTurn, userTextFor } from './dayScript'
import { DAY_AGENTS, DAY_SESSIONS, planDay, type DayTurn } from './dayPlan'
import { explainDay, explainTable, partSizes } from './dayExplain'
import { idealCostUnits, prefixChains } from './dayOracle'
import { testId } from '../shared/testing/ids'

const API_KEY = 'sk-bench-day'
const SEED = 20261129

type Layout = 'hearth' | 'single_ttl' | 'single_breakpoint'

/** The system prompt as one block (no tier offsets): the layout with one breakpoint at its end. */
function undivided(inner: PromptBuilder): PromptBuilder {
  return { build: (request) => ({ ...inner.build(request), tierOffsets: {} }) }
}

function openDay(
  ctx: BenchContext,
  fake: FakeAnthropic,
  layout: Layout
): { core: Core; chat: ChatService; agents: AgentId[]; compressNow: { on: boolean } } {
  const home = join(ctx.tmpDir, `day-${layout}`)
  mkdirSync(home, { recursive: true })
  if (layout === 'single_ttl') writeFileSync(join(home, 'config.json'), JSON.stringify({ cacheTtl: '5m' }))
  const compressNow = { on: false }
  const core = createCore({
    home,
    host: 'cli',
    clock: { now: () => fake.clock.now() },
    env: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url },
    seams: {
      chat: { compressAtTokens: () => (compressNow.on ? 0 : Number.POSITIVE_INFINITY) },
      ...(layout === 'single_breakpoint' ? { wrapPrompts: undivided } : {})
    }
  })
  const s = core.services
  const agents = DAY_AGENTS.map((name) => {
    const agent = s.agents.create(name, testId.agent(name.toLowerCase()))
    writeFileSync(s.paths.soul(agent.id), dayPersona(name))
    return agent.id
  })
  const chat = s.chat
  return { core, chat, agents, compressNow }
}

/** Replays the seeded day through one layout; returns the fake's cost units and the request chains. */
async function runDay(
  ctx: BenchContext,
  fake: FakeAnthropic,
  layout: Layout,
  plan: readonly DayTurn[]
): Promise<{ units: number; ideal: number; calls: number }> {
  fake.reset()
  const { core, chat, agents, compressNow } = openDay(ctx, fake, layout)
  try {
    const sessions = new Map<number, SessionId>()
    const turnOfCall: number[] = []
    for (const [index, turn] of plan.entries()) {
      fake.clock.advance(turn.gapMs)
      if (turn.kind === 'nexus')
        core.services.nexus.post({
          agent: 'buildbot',
          type: 'turn',
          summary: `Build ${index} finished: ${index % 3 === 0 ? 'one flaky test retried' : 'all green'}`
        })
      scriptTurn(fake, turn, index)
      compressNow.on = turn.compress
      const sessionId = sessions.get(turn.session)
      const project = DAY_SESSIONS[turn.session]?.project ?? null
      const cwd = project ? join(ctx.tmpDir, `day-${layout}`, project) : undefined
      if (cwd) mkdirSync(cwd, { recursive: true })
      if (cwd && !sessionId)
        writeFileSync(
          join(cwd, 'AGENTS.md'),
          `# ${project}\n\nKeep notes for the ${project} folder short and dated.\n`
        )
      const agentId = agents[turn.agent]
      if (!agentId) throw new Error(`the day plan names agent ${turn.agent}, which was not created`)
      const result = await chat.runTurn({
        text: userTextFor(turn, index),
        ...(sessionId ? { sessionId } : { agentId, ...(cwd ? { cwd } : {}) })
      })
      sessions.set(turn.session, result.sessionId)
      while (turnOfCall.length < fake.stats().requests) turnOfCall.push(index)
    }
    const units = fake.stats().costUnits
    const chains = prefixChains(fake.requests, fake.cache.options, API_KEY)
    const ideal = idealCostUnits(chains)
    const firstBody = fake.requests[0]?.body
    if (ctx.explain && firstBody)
      ctx.log(`${layout}: first call has ${partSizes(firstBody, fake.cache.options)}`)
    if (ctx.explain)
      for (const line of explainTable(
        layout,
        explainDay(fake.requests, turnOfCall, plan, chains, fake.cache.options)
      ))
        ctx.log(line)
    const longCalls = fake.requests.filter((r) => JSON.stringify(r.body ?? {}).includes('"ttl":"1h"')).length
    ctx.log(
      `day ${layout}: ${fake.stats().requests} calls (${longCalls} with a 1h marker), ${Math.round(units)} cost units (ideal for these requests ${Math.round(ideal)})`
    )
    return { units, ideal, calls: fake.stats().requests }
  } finally {
    core.dispose()
  }
}

/**
 * A realistic day (3 agents, 6 sessions, 80 turns, human gaps on a simulated clock, memory writes,
 * tool turns, Nexus news, one compression) through the real engine and SDK against the fake, in
 * three layouts, against the ideal oracle computed over Hearth's own requests.
 */
export const dayBench: BenchSuite = {
  name: 'day',
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const fake = await startFakeAnthropic({ apiKey: API_KEY })
    try {
      const plan = planDay(SEED)
      const hearth = await runDay(ctx, fake, 'hearth', plan)
      const singleTtl = await runDay(ctx, fake, 'single_ttl', plan)
      const singleBreakpoint = await runDay(ctx, fake, 'single_breakpoint', plan)
      return [
        figure('day.cost_units', hearth.units, 'units', hearth.ideal * 1.15, 'lower'),
        reference('day.ideal_cost_units', hearth.ideal, 'units', 'lower'),
        reference('day.single_ttl_cost_units', singleTtl.units, 'units', 'lower'),
        reference('day.single_breakpoint_cost_units', singleBreakpoint.units, 'units', 'lower'),
        figure('day.cost_vs_ideal', hearth.units / hearth.ideal, 'ratio', 1.15, 'lower'),
        figure('day.cost_vs_single_ttl', hearth.units / singleTtl.units, 'ratio', 0.8, 'lower'),
        figure('day.cost_vs_single_breakpoint', hearth.units / singleBreakpoint.units, 'ratio', 1, 'lower'),
        figure('day.calls', hearth.calls, 'calls', plan.length * 2, 'lower')
      ]
    } finally {
      await fake.close()
    }
  }
}
