import type { RecalledItem } from '../../shared/contract/memory'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import { withoutStarterHint } from '../home/defaultTexts'
import { parseEntries } from './memoryEntries'
import type { AgentId } from '../../shared/contract'

/** One thing an agent remembers, as a lookup from outside a chat (the MCP server) returns it. */
export interface MemoryHit {
  /** `fact` / `file` = the memory bank (approved facts, memory files); `memory` / `user` = an entry of MEMORY.md / USER.md. */
  readonly source: 'fact' | 'file' | 'memory' | 'user'
  /** The agent it belongs to; null for USER.md, which all agents share. */
  readonly agent: AgentId | null
  readonly text: string
  readonly score: number
}

export interface MemoryLookupDeps {
  readonly paths: HomePaths
  readonly agentIds: () => readonly AgentId[]
  /** The memory bank's ranked search: the one recall, the memory tool and retention use. */
  readonly search: (agentId: AgentId, query: string, k: number) => Promise<readonly RecalledItem[]>
}

function words(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])]
}

/** Share of the query's words found in the entry (0–1). */
function overlap(queryWords: readonly string[], text: string): number {
  const found = new Set(words(text))
  return queryWords.filter((word) => found.has(word)).length / queryWords.length
}

/**
 * What the user's agents know about `query`, for runtimes outside Hearth. The bank is searched
 * exactly as recall searches it (approved facts and memory files; pending candidates never
 * show), best first across agents. MEMORY.md and USER.md are not in the bank because every
 * prompt carries them whole, so their entries are matched by shared words and listed first:
 * they are what the user and the agents chose to keep in view.
 */
export async function lookUpMemory(
  deps: MemoryLookupDeps,
  query: string,
  options: { agent?: string; limit?: number } = {}
): Promise<MemoryHit[]> {
  const queryWords = words(query)
  if (queryWords.length === 0) return []
  const limit = options.limit ?? 10
  const known = deps.agentIds()
  const agents = options.agent ? known.filter((id) => id === options.agent) : known
  const perAgent = await Promise.all(
    agents.map(async (agent) =>
      (await deps.search(agent, query, limit)).map((item): MemoryHit => ({
        source: item.kind,
        agent,
        text: item.text,
        score: item.score
      }))
    )
  )
  const bank = perAgent.flat().sort((a, b) => b.score - a.score)
  return [...entryHits(deps.paths, agents, queryWords), ...bank].slice(0, limit)
}

/** USER.md's entries and each agent's MEMORY.md entries that share words with the query. */
function entryHits(paths: HomePaths, agents: readonly AgentId[], queryWords: readonly string[]): MemoryHit[] {
  const files: { source: 'memory' | 'user'; agent: AgentId | null; path: string }[] = [
    { source: 'user', agent: null, path: paths.user },
    ...agents.map((agent) => ({ source: 'memory' as const, agent, path: paths.memory(agent) }))
  ]
  const hits: MemoryHit[] = []
  for (const file of files) {
    const read = readTextFile(file.path)
    if (!read.ok) continue
    const entries = parseEntries(read.text)
    for (const text of file.source === 'user' ? withoutStarterHint(entries) : entries) {
      const score = overlap(queryWords, text)
      if (score > 0) hits.push({ source: file.source, agent: file.agent, text, score })
    }
  }
  return hits.sort((a, b) => b.score - a.score)
}
