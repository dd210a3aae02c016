import { existsSync, readdirSync } from 'node:fs'
import type Database from 'better-sqlite3'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import { parseEntries } from '../memory/memoryEntries'

export interface MemoryHit {
  /** `fact` = an approved fact of the memory bank; `memory`/`user` = an entry of MEMORY.md / USER.md. */
  readonly source: 'fact' | 'file' | 'memory' | 'user'
  /** The agent it belongs to; null for USER.md, which all agents share. */
  readonly agent: string | null
  readonly text: string
  readonly score: number
}

function words(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])]
}

/** Share of the query's words found in the text (0–1). */
function overlap(queryWords: readonly string[], text: string): number {
  const found = new Set(words(text))
  return queryWords.filter((word) => found.has(word)).length / queryWords.length
}

function agentIds(paths: HomePaths): string[] {
  return existsSync(paths.agents)
    ? readdirSync(paths.agents).filter((name) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(name))
    : []
}

/** Entries of MEMORY.md (per agent) and USER.md that share words with the query. */
function searchMemoryFiles(
  paths: HomePaths,
  queryWords: readonly string[],
  agent: string | undefined
): MemoryHit[] {
  const files: { source: 'memory' | 'user'; agent: string | null; path: string }[] = [
    { source: 'user', agent: null, path: paths.user }
  ]
  for (const id of agent ? [agent] : agentIds(paths))
    files.push({ source: 'memory', agent: id, path: paths.memory(id) })
  const hits: MemoryHit[] = []
  for (const file of files) {
    const read = readTextFile(file.path)
    if (!read.ok) continue
    for (const text of parseEntries(read.text)) {
      const score = overlap(queryWords, text)
      if (score > 0) hits.push({ source: file.source, agent: file.agent, text, score })
    }
  }
  return hits
}

/** Approved facts (and indexed memory files) through the memory bank's FTS index, when it exists. */
function searchFacts(
  db: Database.Database,
  queryWords: readonly string[],
  agent: string | undefined,
  limit: number
): MemoryHit[] {
  try {
    const match = queryWords.map((word) => `"${word}"`).join(' OR ')
    const rows = db
      .prepare(
        `SELECT agent_id, kind, text, bm25(recall_fts) AS rank FROM recall_fts
         WHERE recall_fts MATCH ? AND (? IS NULL OR agent_id = ?) ORDER BY rank LIMIT ?`
      )
      .all(match, agent ?? null, agent ?? null, limit) as {
      agent_id: string
      kind: 'fact' | 'file'
      text: string
      rank: number
    }[]
    return rows.map((row) => ({
      source: row.kind,
      agent: row.agent_id,
      text: row.text,
      score: overlap(queryWords, row.text)
    }))
  } catch {
    // No memory bank in this database (or an older one): the files still answer.
    return []
  }
}

/**
 * Read-only memory search for outside runtimes (the MCP server): what the user's agents know,
 * from approved facts and the MEMORY.md / USER.md files. Pending facts waiting in the review
 * inbox are never returned.
 */
export function searchMemory(
  db: Database.Database,
  paths: HomePaths,
  query: string,
  options: { agent?: string; limit?: number } = {}
): MemoryHit[] {
  const queryWords = words(query)
  if (queryWords.length === 0) return []
  const limit = options.limit ?? 10
  const hits = [
    ...searchFacts(db, queryWords, options.agent, limit),
    ...searchMemoryFiles(paths, queryWords, options.agent)
  ]
  return hits.sort((a, b) => b.score - a.score).slice(0, limit)
}
