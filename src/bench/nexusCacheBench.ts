import type { SessionId } from '../shared/contract'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCore, type Core } from '../core/createCore'
import { figure, type BenchContext, type BenchFigure } from './benchTypes'
import { startFakeModel, type FakeModelProcess, type RecordedCall } from './fakeModelProcess'
import { testId } from '../shared/testing/ids'

const AGENT = testId.agent('ella')
const TURNS = ['Plan the photo import.', 'Now the thumbnails.', 'And the album pages?', 'Summarise the plan.']
const REPLIES = [
  'Import by folder, newest first.',
  'WebP thumbnails at 320 px.',
  'One page per album, lazy images.',
  'Import, thumbnails, pages.'
]
/** A persona long enough for the system prompt to be cached (above the minimum cacheable size). */
const SOUL = `# Ella\n\n${'Ella plans carefully, writes short answers, and checks what her colleagues decided before she acts. '.repeat(60)}\n`

type Message = RecordedCall['body']['messages'][number]

/** A message without the per-turn fenced context blocks, which are the only thing allowed to differ. */
function withoutContext(message: Message | undefined): string {
  const content = (message?.content ?? []).filter(
    (block) => !(block.type === 'text' && /^<[a-z-]+-context>/.test(block.text ?? ''))
  )
  return JSON.stringify(content.map(({ cache_control: _ignored, ...rest }: Record<string, unknown>) => rest))
}

/** One session of TURNS; `between(i)` runs before turn i (e.g. another agent posting). */
async function runSession(
  core: Core,
  fake: FakeModelProcess,
  between: (turn: number) => void
): Promise<RecordedCall[]> {
  await fake.reset()
  await fake.script(...REPLIES)
  let sessionId: SessionId | undefined
  for (const [i, text] of TURNS.entries()) {
    between(i)
    sessionId = (
      await core.services.chat.runTurn({ text, ...(sessionId ? { sessionId } : { agentId: AGENT }) })
    ).sessionId
  }
  return (await fake.requests()).filter((request) => request.path === '/v1/messages')
}

/**
 * nexus.inject_cache_misses: the same conversation run twice through the real chat engine and
 * the fake server, once with a quiet log and once with another agent posting before every turn.
 * A call counts as a miss the injection caused when its system prompt or any earlier message
 * differs from the quiet run, or it read fewer cached tokens. Goal: 0.
 */
export async function measureInjectionCache(ctx: BenchContext): Promise<BenchFigure[]> {
  const fake = await startFakeModel(ctx.cliPath)
  const core = createCore({
    home: join(ctx.tmpDir, 'inject-cache'),
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url }
  })
  try {
    core.services.agents.create('Ella', AGENT)
    writeFileSync(core.services.paths.soul(AGENT), SOUL)
    const quiet = await runSession(core, fake, () => undefined)
    const busy = await runSession(core, fake, (turn) => {
      core.services.nexus.post({
        agent: 'lyra',
        type: 'decision',
        summary: `Decision ${turn + 1} for the photo app`,
        rationale: 'Measured first'
      })
    })
    const injected = busy.filter((request) =>
      JSON.stringify(request.body.messages.at(-1)).includes('<nexus-context>')
    ).length
    let misses = 0
    busy.forEach((request, i) => {
      const control = quiet[i]
      if (!control) return
      const earlierSame = request.body.messages
        .slice(0, -1)
        .every((message, j) => withoutContext(message) === withoutContext(control.body.messages[j]))
      const sameSystem = JSON.stringify(request.body.system) === JSON.stringify(control.body.system)
      const reads = request.usage?.cache_read_input_tokens ?? 0
      if (!sameSystem || !earlierSame || reads < (control.usage?.cache_read_input_tokens ?? 0)) misses++
    })
    const reads = (requests: readonly RecordedCall[]): string =>
      requests.map((r) => r.usage?.cache_read_input_tokens ?? 0).join('/')
    ctx.log(
      `${busy.length} calls, ${injected} carried a nexus-context block; cache reads ${reads(busy)} vs quiet ${reads(quiet)}`
    )
    if (injected < TURNS.length)
      throw new Error(`expected every turn to carry a nexus-context block, got ${injected}`)
    return [figure('nexus.inject_cache_misses', misses, 'misses', 0, 'lower')]
  } finally {
    core.dispose()
    fake.close()
  }
}
