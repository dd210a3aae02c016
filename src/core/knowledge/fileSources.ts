import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { AgentId, type KnowledgeKind } from '../../shared/contract'
import type { HomePaths } from '../home/homePaths'
import type { Audience } from '../ports/knowledgeSources'

/** A file the index covers, where it is and who may find what it says. */
export interface KnowledgeFile {
  readonly kind: KnowledgeKind
  readonly path: string
  /** Relative to the home, '/'-separated: the item's ref and its `path`. */
  readonly rel: string
  readonly audience: Audience
  readonly agentId: AgentId | null
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.venv', 'venv', '__pycache__', '.archive', '.hub'])
const MAX_DEPTH = 8

/** The wiki pages compiled from approved facts and decisions live here. */
export function wikiDir(paths: HomePaths): string {
  return join(paths.nexus, 'wiki')
}

export function projectStatePath(paths: HomePaths): string {
  return join(paths.nexus, 'project-state.md')
}

/**
 * Every file the index covers. `agent` narrows it to that agent's own files (what per-turn
 * recall needs fresh, cheaply); otherwise every agent's, the shared files, skills and the wiki.
 */
export function knowledgeFiles(paths: HomePaths, agent?: AgentId): KnowledgeFile[] {
  const file = (
    kind: KnowledgeKind,
    path: string,
    audience: Audience,
    agentId: AgentId | null
  ): KnowledgeFile => ({
    kind,
    path,
    rel: relative(paths.root, path).split(sep).join('/'),
    audience,
    agentId
  })
  const agents = agent ? [agent] : agentIds(paths)
  const files: KnowledgeFile[] = []
  for (const id of agents) {
    files.push(file('memory_entry', paths.memory(id), 'agent', id))
    for (const name of markdownIn(paths.memoriesDir(id)))
      files.push(file('memory_file', join(paths.memoriesDir(id), name), 'agent', id))
  }
  if (agent) return files
  files.push(file('user_entry', paths.user, 'everyone', null))
  files.push(file('project_state', projectStatePath(paths), 'everyone', null))
  for (const path of skillFiles(paths.skills, 0)) files.push(file('skill', path, 'everyone', null))
  // Wiki pages gather facts of every agent: only the user sees them whole.
  for (const name of markdownIn(wikiDir(paths)))
    files.push(file('wiki', join(wikiDir(paths), name), 'user', null))
  return files
}

function agentIds(paths: HomePaths): AgentId[] {
  if (!existsSync(paths.agents)) return []
  return readdirSync(paths.agents).flatMap((name) => {
    const parsed = AgentId.safeParse(name)
    return parsed.success ? [parsed.data] : []
  })
}

function markdownIn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
}

function skillFiles(dir: string, depth: number): string[] {
  if (depth > MAX_DEPTH || !existsSync(dir)) return []
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.name === 'SKILL.md' && (entry.isFile() || entry.isSymbolicLink())) found.push(path)
    else if ((entry.isDirectory() || entry.isSymbolicLink()) && !SKIP_DIRS.has(entry.name)) {
      const stat = statSync(path, { throwIfNoEntry: false })
      if (stat?.isDirectory()) found.push(...skillFiles(path, depth + 1))
    }
  }
  return found
}
