import type { SessionId } from '../shared/contract'
import { join } from 'node:path'
import { createCore, type Core } from '../core/createCore'
import { insertApprovedFact } from '../core/memory/testing/approvedFact'
import {
  figure,
  percentile,
  reference,
  type BenchContext,
  type BenchFigure,
  type BenchSuite
} from './benchTypes'
import { startFakeModel, type FakeModelProcess } from './fakeModelProcess'
import { testId } from '../shared/testing/ids'

const FACTS = 50_000
const AGENT = testId.agent('scribe')

/** A small deterministic PRNG so every run measures the same data. */
function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const TOPICS =
  'deploy backup release database editor keyboard coffee travel invoice budget meeting standup review test migration server cluster laptop garden recipe'.split(
    ' '
  )
const VERBS = 'prefers uses keeps avoids schedules runs moved switched decided fixed'.split(' ')

/** Synthetic vocabulary: real topic words plus generated ones, so term frequencies look like text. */
function makeWords(random: () => number, count: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ra', 'to', 'ne', 'su', 'vi', 'do', 'pe', 'an', 'or', 'el', 'ur']
  const words = new Set<string>(TOPICS)
  while (words.size < count) {
    const n = 2 + Math.floor(random() * 3)
    words.add(Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]).join(''))
  }
  return [...words]
}

function sentence(random: () => number, words: readonly string[], length: number): string {
  const pick = (): string => words[Math.floor(random() ** 2 * words.length)] as string
  const verb = VERBS[Math.floor(random() * VERBS.length)] as string
  return `The user ${verb} ${Array.from({ length }, pick).join(' ')}`
}

function seedFacts(core: Core, random: () => number, words: readonly string[]): void {
  const insert = core.internals.db.prepare(
    `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at) VALUES (?, 'approved', 'user_fact', 'user', ?, 'user', 1, 1)`
  )
  core.internals.db.transaction(() => {
    for (let i = 0; i < FACTS; i++) insert.run(AGENT, sentence(random, words, 6 + Math.floor(random() * 10)))
  })()
}

/** recall.p95_ms_50k: one recall per simulated user turn over 50,000 approved facts. */
async function measureRecall(ctx: BenchContext): Promise<BenchFigure[]> {
  const core = createCore({ home: join(ctx.tmpDir, 'recall'), host: 'cli', env: {} })
  try {
    core.services.agents.create('Scribe', AGENT)
    const random = prng(42)
    const words = makeWords(random, 4000)
    const started = performance.now()
    seedFacts(core, random, words)
    // The knowledge index takes the facts in the background in the app; here, before timing.
    core.services.knowledge.indexPending()
    ctx.log(`seeded ${FACTS} approved facts in ${Math.round(performance.now() - started)} ms`)
    const samples: number[] = []
    const cpu: number[] = []
    let hits = 0
    const queries = ctx.quick ? 200 : 1000
    for (let i = 0; i < queries; i++) {
      const query = `Can you remind me what ${sentence(random, words, 4 + Math.floor(random() * 12))} means for today?`
      const t0 = performance.now()
      const cpu0 = process.cpuUsage()
      hits += (await core.services.memory.search(AGENT, query, 5)).length
      const used = process.cpuUsage(cpu0)
      samples.push(performance.now() - t0)
      cpu.push((used.user + used.system) / 1000)
    }
    ctx.log(
      `${queries} recalls, ${(hits / queries).toFixed(1)} items each on average, p50 ${percentile(samples, 50).toFixed(2)} ms`
    )
    return [
      figure('recall.p95_ms_50k', percentile(samples, 95), 'ms', 10, 'lower'),
      // CPU time of the same recalls: the wall time less waiting for a core on a busy machine.
      reference('recall.cpu_p95_ms_50k', percentile(cpu, 95), 'ms', 'lower')
    ]
  } finally {
    core.dispose()
  }
}

const TURNS = [
  'Which deploy day did we settle on?',
  'And what about the backup schedule?',
  'Thanks. Anything about the editor setup?'
]
const REPLIES = ['We deploy on Tuesdays.', 'Backups run nightly.', 'You use Helix.']

interface SentRequest {
  readonly system: string
  readonly messages: readonly { role: string; content: readonly { type: string; text?: string }[] }[]
  readonly cacheRead: number
}

/** Runs the three turns in one new session and returns what the fake server received. */
async function runSession(core: Core, fake: FakeModelProcess): Promise<SentRequest[]> {
  await fake.reset()
  await fake.script(...REPLIES)
  let sessionId: SessionId | undefined
  for (const text of TURNS) {
    const result = await core.services.chat.runTurn({
      text,
      ...(sessionId ? { sessionId } : { agentId: AGENT })
    })
    sessionId = result.sessionId
  }
  return (await fake.requests())
    .filter((r) => r.path === '/v1/messages')
    .map((r) => ({
      system: JSON.stringify(r.body.system),
      messages: r.body.messages,
      cacheRead: r.usage?.cache_read_input_tokens ?? 0
    }))
}

/** A message without its trailing per-turn context blocks (the fenced text blocks). */
function withoutContext(message: SentRequest['messages'][number]): string {
  const content = message.content.filter(
    (block) => !(block.type === 'text' && /^<[a-z-]+-context>/.test(block.text ?? ''))
  )
  return JSON.stringify(content.map(({ cache_control: _ignored, ...rest }: Record<string, unknown>) => rest))
}

/**
 * recall.cache_misses_added: the same conversation with recall on and off, through the real chat
 * engine and the fake server. A turn counts as a miss the recall caused when its system prompt or
 * earlier messages differ from the run without recall, or it read fewer cached tokens.
 */
async function measureCacheImpact(ctx: BenchContext): Promise<BenchFigure[]> {
  const fake = await startFakeModel(ctx.cliPath)
  const core = createCore({
    home: join(ctx.tmpDir, 'cache'),
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url }
  })
  try {
    core.services.agents.create('Scribe', AGENT)
    for (const text of [
      'The team deploys on Tuesdays after the release review',
      'Backups run nightly with restic to B2',
      'The editor setup is Helix with the default keymap'
    ]) {
      insertApprovedFact(core, AGENT, text)
    }
    const withRecall = await runSession(core, fake)
    await core.services.config.patch({ recall: { k: 0 } })
    const without = await runSession(core, fake)
    const recalledTurns = withRecall.filter((r) =>
      JSON.stringify(r.messages.at(-1)).includes('<memory-context>')
    ).length
    let added = 0
    withRecall.forEach((request, i) => {
      const control = without[i]
      if (!control) return
      const earlierSame = request.messages
        .slice(0, -1)
        .every(
          (m, j) =>
            withoutContext(m) === withoutContext(control.messages[j] as SentRequest['messages'][number])
        )
      const lastSame =
        withoutContext(request.messages.at(-1) as SentRequest['messages'][number]) ===
        withoutContext(control.messages.at(-1) as SentRequest['messages'][number])
      if (
        request.system !== control.system ||
        !earlierSame ||
        !lastSame ||
        request.cacheRead < control.cacheRead
      )
        added++
    })
    const reads = (requests: readonly SentRequest[]): string => requests.map((r) => r.cacheRead).join('/')
    ctx.log(
      `${withRecall.length} calls with recall (${recalledTurns} carried a memory-context block), ${without.length} without; cache reads ${reads(withRecall)} vs ${reads(without)}`
    )
    return [figure('recall.cache_misses_added', added, 'misses', 0, 'lower')]
  } finally {
    core.dispose()
    fake.close()
  }
}

export const memoryBench: BenchSuite = {
  name: 'memory',
  async run(ctx) {
    return [...(await measureRecall(ctx)), ...(await measureCacheImpact(ctx))]
  }
}
