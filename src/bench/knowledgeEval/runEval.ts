import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Core } from '../../core/createCore'
import { insertApprovedFact } from '../../core/memory/testing/approvedFact'
import { testId } from '../../shared/testing/ids'
import type { EvalItem, EvalQuery, EvalSet, QueryClass } from './evalCorpus'

const AGENT = testId.agent('scribe')

/** Puts each item where its kind lives: the bank, files under the home, a chat, the Nexus. */
export function seedEvalSet(core: Core, set: EvalSet): void {
  const { paths } = core.services
  const entries = { memory: [] as string[], user: [] as string[], state: [] as string[] }
  const messages: string[] = []
  for (const item of set.items) {
    switch (item.kind) {
      case 'fact':
        insertApprovedFact(core, AGENT, item.text)
        break
      case 'memory_file':
        mkdirSync(paths.memoriesDir(AGENT), { recursive: true })
        writeFileSync(join(paths.memoriesDir(AGENT), `${item.key}.md`), `${item.text}\n`)
        break
      case 'memory_entry':
        entries.memory.push(item.text)
        break
      case 'user_entry':
        entries.user.push(item.text)
        break
      case 'message':
        messages.push(item.text)
        break
      case 'nexus':
        core.services.nexus.post({
          agent: 'user',
          type: item.rationale ? 'decision' : 'handoff',
          summary: item.text,
          ...(item.rationale ? { rationale: item.rationale } : {})
        })
        break
      case 'project_state':
        entries.state.push(item.text)
        break
      case 'skill':
        mkdirSync(join(paths.skills, item.key), { recursive: true })
        writeFileSync(join(paths.skills, item.key, 'SKILL.md'), `---\nname: ${item.key}\n---\n${item.text}\n`)
        break
      default:
        throw new Error(`no seed for ${item.kind}`)
    }
  }
  writeFileSync(paths.memory(AGENT), entries.memory.join('\n§\n'))
  writeFileSync(paths.user, entries.user.join('\n§\n'))
  mkdirSync(paths.nexus, { recursive: true })
  // One paragraph per item, far enough apart that each lands in a chunk of its own.
  writeFileSync(
    join(paths.nexus, 'project-state.md'),
    entries.state.map((text) => `${text}\n\n${'-'.repeat(1300)}\n`).join('\n')
  )
  seedChat(core, messages)
}

function seedChat(core: Core, messages: readonly string[]): void {
  const store = core.internals.chatStores.sessions
  const sessionId = testId.session('eval-chat')
  store.createSession({
    id: sessionId,
    agentId: AGENT,
    cwd: null,
    model: 'claude-sonnet-5-5',
    provider: 'anthropic',
    platform: 'cli',
    systemPrompt: 'eval',
    promptReport: {
      tiers: { stable: '', context: '', volatile: '' },
      tierOffsets: {},
      layers: [],
      warnings: [],
      tokens: 0
    },
    tools: [],
    toolsHash: 'none',
    nowMs: 1
  })
  messages.forEach((text, i) =>
    store.appendMessage({
      sessionId,
      turnId: testId.turn(`t${Math.floor(i / 2)}`),
      role: i % 2 === 0 ? 'user' : 'assistant',
      kind: i % 2 === 0 ? 'text' : 'reply',
      content: [{ type: 'text', text }],
      status: 'complete',
      nowMs: 1 + i
    })
  )
}

export interface EvalScore {
  readonly recallAt5: number
  readonly mrr: number
  readonly byClass: Record<QueryClass, { recallAt5: number; mrr: number }>
}

/** recall@5 and MRR over the queries: the rank of the first hit whose text holds the expected item's. */
export async function scoreEval(core: Core, set: EvalSet, embedTimeoutMs: number): Promise<EvalScore> {
  const byKey = new Map<string, EvalItem>(set.items.map((item) => [item.key, item]))
  const perClass = new Map<QueryClass, { hits: number; rr: number; n: number }>()
  let hits = 0
  let rr = 0
  for (const query of set.queries) {
    const rank = await rankOf(core, query, byKey.get(query.expect) as EvalItem, embedTimeoutMs)
    const entry = perClass.get(query.cls) ?? { hits: 0, rr: 0, n: 0 }
    entry.n++
    if (rank !== null) {
      entry.rr += 1 / rank
      rr += 1 / rank
      if (rank <= 5) {
        entry.hits++
        hits++
      }
    }
    perClass.set(query.cls, entry)
  }
  const byClass = Object.fromEntries(
    [...perClass].map(([cls, entry]) => [cls, { recallAt5: entry.hits / entry.n, mrr: entry.rr / entry.n }])
  ) as EvalScore['byClass']
  return { recallAt5: hits / set.queries.length, mrr: rr / set.queries.length, byClass }
}

async function rankOf(
  core: Core,
  query: EvalQuery,
  item: EvalItem,
  embedTimeoutMs: number
): Promise<number | null> {
  const { results } = await core.services.knowledge.searchIndexed({
    text: query.text,
    limit: 20,
    embedTimeoutMs
  })
  const index = results.findIndex((hit) => hit.text.includes(item.text))
  return index === -1 ? null : index + 1
}
