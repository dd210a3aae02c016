import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { AgentId } from '../../shared/contract'

/** Every path under HEARTH_HOME, computed in one place. */
export interface HomePaths {
  readonly root: string
  readonly db: string
  readonly config: string
  readonly user: string
  readonly agents: string
  readonly trash: string
  readonly skills: string
  readonly nexus: string
  /** The Nexus's exchange with other devices: a bare git repository and the sync lock. */
  readonly sync: string
  /** The core's log (rotated beside itself as hearth.log.1, .2, …). */
  readonly logFile: string
  /** Agent ids are checked slugs, so joining one under agents/ cannot climb out of the home. */
  agentDir(id: AgentId): string
  soul(id: AgentId): string
  memory(id: AgentId): string
  memoriesDir(id: AgentId): string
}

/** `--home`, else `HEARTH_HOME`, else `~/.hearth`. */
export function resolveHomeDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? env.HEARTH_HOME ?? join(homedir(), '.hearth')
  return resolve(chosen)
}

export function homePaths(root: string): HomePaths {
  const agents = join(root, 'agents')
  return {
    root,
    db: join(root, 'hearth.db'),
    config: join(root, 'config.json'),
    user: join(root, 'USER.md'),
    agents,
    trash: join(root, '.trash'),
    skills: join(root, 'skills'),
    nexus: join(root, 'nexus'),
    sync: join(root, 'sync'),
    logFile: join(root, 'logs', 'hearth.log'),
    agentDir: (id) => join(agents, id),
    soul: (id) => join(agents, id, 'SOUL.md'),
    memory: (id) => join(agents, id, 'MEMORY.md'),
    memoriesDir: (id) => join(agents, id, 'memories')
  }
}
