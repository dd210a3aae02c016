import { existsSync } from 'node:fs'
import {
  AGENT_BUNDLE_VERSION,
  AgentBundle,
  ChatExport,
  type AgentExportFile,
  type AgentId
} from '../../shared/contract'
import type { SessionRepository } from '../chat/store/sessionRepository'
import type { ChatLibrary } from '../chats/chatLibrary'
import type { ConfigStore } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import { skillFolders } from '../imports/sources/skillFolders'
import type { FactStore } from '../memory/factStore'
import type { MemoryFileStore } from '../memory/memoryFileStore'
import type { MemoryFiles } from '../memory/memoryFiles'
import type { Clock } from '../ports/clock'
import type { AgentService } from '../services/agentService'
import { redactSecrets } from './secretGuard'

export interface AgentExportDeps {
  readonly paths: HomePaths
  readonly clock: Clock
  readonly agents: AgentService
  readonly config: ConfigStore
  readonly facts: FactStore
  readonly memoryFiles: MemoryFiles
  readonly memoryDocs: MemoryFileStore
  readonly sessions: SessionRepository
  readonly chats: ChatLibrary
  /** The API key and other secrets this process knows: never written into a bundle. */
  readonly secrets: () => Promise<readonly string[]>
}

const MAX_SESSIONS = 100_000

/**
 * One agent as a portable bundle (`hearth export agent`, the agent menu's Export): who it is
 * (SOUL.md, its settings), what it remembers (MEMORY.md and USER.md entries, memory files,
 * approved facts with their provenance and history), the home's enabled skills, and with
 * `withSessions` every chat in the `hearth.chat` shape. Checked against its schema before it
 * leaves; any known secret that slipped into a text is replaced.
 */
export async function exportAgent(
  deps: AgentExportDeps,
  agentId: AgentId,
  withSessions: boolean
): Promise<AgentExportFile> {
  const agent = deps.agents.get(agentId)
  const facts = deps.facts.list({ agentId, status: 'approved' })
  const bundle = AgentBundle.parse({
    format: 'hearth.agent',
    version: AGENT_BUNDLE_VERSION,
    exportedAtMs: deps.clock.now(),
    agent: { id: agent.id, name: agent.name },
    persona: { soul: textOf(deps.paths.soul(agentId)) },
    memory: {
      entries: deps.memoryFiles.read(agentId, 'memory').entries,
      files: deps.memoryDocs.list(agentId).map((item) => ({
        slug: item.slug,
        text: deps.memoryDocs.read(agentId, item.slug).text
      }))
    },
    userEntries: deps.memoryFiles.read(agentId, 'user').entries,
    facts: facts.map((fact) => ({
      text: fact.text,
      type: fact.type,
      speaker: fact.speaker,
      entities: fact.entities,
      quote: fact.quote,
      sessionId: fact.sessionId,
      messageId: fact.messageId === null ? null : String(fact.messageId),
      createdAtMs: fact.createdAtMs,
      history: deps.facts.history(fact.id),
      provenance: fact.provenance
    })),
    skills: enabledSkills(deps),
    settings: deps.config.read().config.agents[agentId] ?? {},
    sessions: withSessions ? sessionsOf(deps, agentId) : null
  })
  const text = redactSecrets(`${JSON.stringify(bundle, null, 2)}\n`, await deps.secrets())
  return {
    fileName: `${agent.id}.hearth-agent.json`,
    mediaType: 'application/json',
    text,
    counts: {
      memoryEntries: bundle.memory.entries.length,
      userEntries: bundle.userEntries.length,
      memoryFiles: bundle.memory.files.length,
      facts: bundle.facts.length,
      skills: bundle.skills.length,
      sessions: bundle.sessions?.length ?? 0
    }
  }
}

function textOf(path: string): string {
  if (!existsSync(path)) return ''
  const read = readTextFile(path)
  return read.ok ? read.text : ''
}

/** The home's skills the agents use (every skill not turned off in Settings), file by file. */
function enabledSkills(deps: AgentExportDeps): AgentBundle['skills'] {
  const disabled = new Set(deps.config.read().config.skills.disabled)
  const skills: AgentBundle['skills'] = []
  for (const found of skillFolders(deps.paths.skills, 'skills')) {
    if (found.kind !== 'skill') continue
    // The ref is `skills/<path>/SKILL.md`: the skill's real place (the reader prefixes top-level ones).
    const path = found.ref.slice('skills/'.length, -'/SKILL.md'.length)
    const name = path.split('/').at(-1) ?? path
    if (disabled.has(name) || disabled.has(path)) continue
    skills.push({
      path,
      files: found.files.map((file) => {
        const text = file.bytes.toString('utf8')
        const isText = Buffer.from(text, 'utf8').equals(file.bytes)
        return {
          rel: file.rel,
          text: isText ? text : null,
          base64: isText ? null : file.bytes.toString('base64')
        }
      })
    })
  }
  return skills
}

function sessionsOf(deps: AgentExportDeps, agentId: AgentId): ChatExport[] {
  return deps.sessions
    .listSessions({ agentId, limit: MAX_SESSIONS })
    .map((session) => ChatExport.parse(JSON.parse(deps.chats.export(session.id, 'json').text)))
}
