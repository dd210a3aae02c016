import { join } from 'node:path'
import { skillsDisabledFor } from '../home/config'
import type { ConfigReader } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import type { MemoryService } from '../memory/memoryService'
import { createMemoryTools, type TranscriptHit } from '../memory/memoryTools'
import type { NexusService } from '../nexus/nexusService'
import type { ToolRegistry } from './registry'
import { createSkillViewTool } from './skillView'
import type { AgentId } from '../../shared/contract'

/** Tools that change shared, lasting state: gated while an untrusted MCP server is in the session. */
export const GATED_BUILTIN_TOOLS: ReadonlySet<string> = new Set([
  'memory',
  'nexus_post',
  'ack',
  'checkpoint',
  'project_state_update'
])

/** The parts of CoreServices the built-in tools need (structural, so tests can pass fakes). */
export interface BuiltinToolServices {
  readonly paths: HomePaths
  readonly config: ConfigReader
  readonly nexus?: NexusService
  readonly memory?: MemoryService
  /** The chat feature's transcript search (for session_search). */
  readonly sessions?: {
    search(query: string, options: { agentId?: AgentId; limit?: number }): readonly TranscriptHit[]
  }
}

/**
 * Registers every built-in tool: memory, recall, session_search (memory feature), nexus_post,
 * nexus_read, checkpoint, ack, project_state_read / _update (Nexus feature) and skill_view. A feature's tools are registered when its service
 * is given, so tests can build a registry with just the parts they need. Built-ins are core
 * tools: never deferred behind tool search. Returns the names registered.
 */
export function registerBuiltinTools(registry: ToolRegistry, services: BuiltinToolServices): string[] {
  const tools = [
    createSkillViewTool({
      root: services.paths.skills,
      snapshotPath: join(services.paths.root, '.skills_snapshot.json'),
      disabled: (agentId) => skillsDisabledFor(services.config.read().config, agentId)
    }),
    ...(services.nexus ? services.nexus.tools() : []),
    ...(services.memory ? createMemoryTools(services.memory, searchTranscripts(services.sessions)) : [])
  ]
  for (const tool of tools)
    registry.register(tool, { source: 'builtin', core: true, gated: GATED_BUILTIN_TOOLS.has(tool.name) })
  return tools.map((tool) => tool.name)
}

function searchTranscripts(
  sessions: BuiltinToolServices['sessions']
): (query: string, options: { agentId?: AgentId; limit: number }) => readonly TranscriptHit[] {
  return (query, options) => (sessions ? sessions.search(query, options) : [])
}
