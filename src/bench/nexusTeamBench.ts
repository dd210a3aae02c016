import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentId, SessionId } from '../shared/contract'
import type { NexusTurnEntries } from '../shared/contract/nexusTeam'
import {
  messagesOf,
  startFakeAnthropic,
  type FakeAnthropic,
  type SentMessage
} from '../../tests/fakeAnthropic'
import { createCore } from '../core/createCore'
import { testCatalog } from '../core/testing/chatHarness'
import { testId } from '../shared/testing/ids'
import { figure, type BenchContext, type BenchFigure } from './benchTypes'
import { fakeSimilarity } from '../../tests/fakeEmbeddings/fakeEmbedding'
import { CONFLICT_SETS, readPairSet, scoreConflictPairs } from './conflictEval'

const AGENTS = [testId.agent('ella'), testId.agent('lyra')] as const
const TURNS = 5
/** Personas long enough for the system prompt to be cached (above the minimum cacheable size). */
const soul = (name: string): string =>
  `# ${name}\n\n${`${name} plans carefully, writes short answers, and checks what her colleagues decided before she acts. `.repeat(60)}\n`

type Request = FakeAnthropic['requests'][number]

/** Two agents taking turns (Ella looks something up each time), with the given turn-entry setting. */
async function runTeam(
  ctx: BenchContext,
  fake: FakeAnthropic,
  mode: NexusTurnEntries
): Promise<{ requests: Request[]; entries: number }> {
  fake.reset()
  const home = join(ctx.tmpDir, `team-${mode}`)
  const core = createCore({
    home,
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url },
    seams: { toolCatalog: testCatalog() }
  })
  try {
    const s = core.services
    writeFileSync(s.paths.config, JSON.stringify({ nexus: { turnEntries: mode } }))
    for (const id of AGENTS) {
      s.agents.create(id, id)
      writeFileSync(s.paths.soul(id), soul(id))
    }
    const sessions = new Map<AgentId, SessionId>()
    for (let turn = 1; turn <= TURNS; turn++)
      for (const agentId of AGENTS) {
        if (agentId === AGENTS[0])
          fake.script({ text: 'Checking.', toolUses: [{ name: 'lookup', input: { city: 'Paris' } }] })
        fake.script(
          `Turn ${turn} from ${agentId}: the plan holds; the train leaves at nine and the budget is unchanged.`
        )
        const session = sessions.get(agentId)
        const result = await s.chat.runTurn({
          text: `Turn ${turn}: where do we stand on the trip plan? Keep it short.`,
          ...(session ? { sessionId: session } : { agentId })
        })
        sessions.set(agentId, result.sessionId)
      }
    return {
      requests: fake.requests.filter((r) => r.path === '/v1/messages'),
      entries: s.nexus.list({ type: 'turn' }).total
    }
  } finally {
    core.dispose()
  }
}

/** A message without the per-turn fenced context blocks, which are the only thing allowed to differ. */
function withoutContext(message: SentMessage | undefined): string {
  const content = typeof message?.content === 'string' ? [] : (message?.content ?? [])
  return JSON.stringify(
    content
      .filter((block) => !(block.type === 'text' && /^<[a-z-]+-context>/.test(block.text ?? '')))
      .map(({ cache_control: _ignored, ...rest }) => rest)
  )
}

/** Calls of `busy` whose system prompt or earlier messages differ from `quiet`'s, or that read less from the cache. */
function cacheMisses(busy: readonly Request[], quiet: readonly Request[]): number {
  return busy.filter((request, i) => {
    const control = quiet[i]
    if (!control) return true
    const earlierSame = messagesOf(request.body)
      .slice(0, -1)
      .every((message, j) => withoutContext(message) === withoutContext(messagesOf(control.body)[j]))
    const sameSystem = JSON.stringify(request.body?.system) === JSON.stringify(control.body?.system)
    return (
      !sameSystem ||
      !earlierSame ||
      (request.usage?.cache_read_input_tokens ?? 0) < (control.usage?.cache_read_input_tokens ?? 0)
    )
  }).length
}

/**
 * nexus.auto_entry_extra_calls and nexus.auto_entry_cache_misses: the same two-agent day with
 * turn entries off and on every turn (the most entries there can be). Every automatic entry is
 * built without a model call, and the other agent reads it in its per-turn block, which must
 * not cost a cached token. Goal 0 for both.
 */
async function measureAutoEntries(ctx: BenchContext): Promise<BenchFigure[]> {
  const fake = await startFakeAnthropic()
  try {
    const quiet = await runTeam(ctx, fake, 'off')
    const busy = await runTeam(ctx, fake, 'every')
    if (busy.entries < TURNS * AGENTS.length)
      throw new Error(`expected an entry per turn, got ${busy.entries}`)
    const injected = busy.requests.filter((r) =>
      JSON.stringify(r.body?.messages.at(-1)).includes('<nexus-context>')
    ).length
    ctx.log(
      `turn entries: ${busy.entries} written; ${busy.requests.length} calls vs ${quiet.requests.length} with entries off; ${injected} calls carried a nexus-context block`
    )
    return [
      figure(
        'nexus.auto_entry_extra_calls',
        busy.requests.length - quiet.requests.length,
        'calls',
        0,
        'lower'
      ),
      figure(
        'nexus.auto_entry_cache_misses',
        cacheMisses(busy.requests, quiet.requests),
        'misses',
        0,
        'lower'
      )
    ]
  } finally {
    await fake.close()
  }
}

/** nexus.conflict_precision / _recall on the labelled decision pairs in tests/nexus/conflictEval (≥ 0.8). */
function measureConflicts(ctx: BenchContext): BenchFigure[] {
  const root = join(ctx.cliPath, '..', '..')
  for (const file of CONFLICT_SETS) {
    const score = scoreConflictPairs(readPairSet(root, file))
    ctx.log(
      `${file}: ${score.pairs} pairs, precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}`
    )
  }
  const pairs = CONFLICT_SETS.flatMap((file) => readPairSet(root, file))
  const all = scoreConflictPairs(pairs)
  // The same pairs with meaning similarity, as when an embedding endpoint is configured (the
  // deterministic fake model: it shows the path works, not how good a real model would be).
  const meaning = scoreConflictPairs(pairs, fakeSimilarity)
  return [
    figure('nexus.conflict_precision', all.precision, 'ratio', 0.8, 'higher'),
    figure('nexus.conflict_recall', all.recall, 'ratio', 0.8, 'higher'),
    figure('nexus.conflict_precision_embeddings', meaning.precision, 'ratio', 0.8, 'higher'),
    figure('nexus.conflict_recall_embeddings', meaning.recall, 'ratio', 0.8, 'higher')
  ]
}

/** The Nexus as the team's live state: conflict detection quality, and what turn entries cost. */
export async function measureTeamState(ctx: BenchContext): Promise<BenchFigure[]> {
  return [...measureConflicts(ctx), ...(await measureAutoEntries(ctx))]
}
