import type { ProjectServersView } from '../../../shared/contract/mcpServers'
import { invalidInput } from '../../errors'
import type { ConfigStore } from '../../home/configStore'
import { checkProjectFolder } from '../../prompt/projectFolder'
import { isPlainObject } from '../schemaCheck'
import type { ConfirmationPort } from '../toolTypes'
import type { McpConfigProblem, McpServerConfig } from './mcpConfig'
import {
  describeProjectServers,
  projectDecision,
  readProjectServers,
  type ProjectServers
} from './projectServers'
import type { AgentId } from '../../../shared/contract'

/** Asks the user once about a file; null when nobody answered (nothing is remembered then). */
export type ProjectQuestion = (request: Parameters<ConfirmationPort['ask']>[0]) => Promise<boolean | null>

export interface ProjectOffersDeps {
  readonly config: ConfigStore
  readonly env: Readonly<Record<string, string | undefined>>
  /** Who is asked; undefined where nobody can answer (the CLI), which points to `hearth mcp project`. */
  readonly question: () => ProjectQuestion | undefined
}

/** The project servers one session gets, and what the user should know about the others. */
export interface ProjectSessionServers {
  readonly servers: readonly string[]
  readonly problems: readonly McpConfigProblem[]
}

const NONE: ProjectSessionServers = { servers: [], problems: [] }

/**
 * A project folder's `.mcp.json` (the file Claude Code reads) offered to the user when a session
 * starts in that folder: its servers run only after the user allows this exact file (a changed
 * file is asked about again; a denial holds for the folder). Allowed servers join the MCP
 * connections under their own names, untrusted, and only sessions in that folder get them.
 */
export class ProjectServerOffers {
  /** Allowed servers per folder, as last read (kept running for the folder's next sessions). */
  private readonly allowed = new Map<string, Readonly<Record<string, McpServerConfig>>>()

  constructor(private readonly deps: ProjectOffersDeps) {}

  /** Every allowed project server, for the connection manager (config.json's own names win). */
  active(global: readonly string[]): Record<string, McpServerConfig> {
    const merged: Record<string, McpServerConfig> = {}
    for (const servers of this.allowed.values()) {
      for (const [name, config] of Object.entries(servers))
        if (!global.includes(name) && !Object.hasOwn(merged, name)) merged[name] = config
    }
    return merged
  }

  /**
   * Reads the folder's file and decides which of its servers the session gets. `offer` asks
   * about a file not decided on yet; without it (a turn of a running session) nothing is asked.
   */
  async forSession(
    agentId: AgentId,
    folder: string,
    global: readonly string[],
    offer: boolean
  ): Promise<ProjectSessionServers> {
    const found = readProjectServers(folder, this.deps.env)
    if (!found) {
      this.allowed.delete(folder)
      return NONE
    }
    const fileProblems = [...found.problems]
    if (Object.keys(found.servers).length === 0) return { servers: [], problems: fileProblems }
    const { decision, unsaved } = await this.decide(agentId, found, offer)
    if (unsaved)
      fileProblems.push({
        server: '*',
        message: `${found.file}: your answer applies to this session only, it could not be saved (${unsaved})`
      })
    if (decision !== 'allow') {
      this.allowed.delete(found.folder)
      return {
        servers: [],
        problems: [...fileProblems, ...(decision === 'deny' ? [] : [notRunProblem(found)])]
      }
    }
    this.allowed.set(found.folder, found.servers)
    const taken = this.takenElsewhere(found.folder, global)
    const clashes = Object.keys(found.servers).filter((name) => taken.has(name))
    return {
      servers: Object.keys(found.servers).filter((name) => !taken.has(name)),
      problems: [
        ...fileProblems,
        ...clashes.map((name) => ({
          server: name,
          message: `${found.file}: another server is already named "${name}"; this folder's entry is left out (rename it in the file)`
        }))
      ]
    }
  }

  private async decide(
    agentId: AgentId,
    found: ProjectServers,
    offer: boolean
  ): Promise<{ decision: 'allow' | 'deny' | null; unsaved?: string }> {
    const stored = projectDecision(this.deps.config.config().mcp.projects, found)
    if (stored !== null || !offer) return { decision: stored }
    const question = this.deps.question()
    if (!question) return { decision: null }
    const servers = describeProjectServers(found)
    const approved = await question({
      kind: 'projectServers',
      agentId,
      sessionId: null,
      toolName: found.file,
      input: Object.fromEntries(servers.map((server) => [server.name, server.target])),
      reason: `This project folder's .mcp.json asks to run ${servers.length === 1 ? 'an MCP server' : `${servers.length} MCP servers`} for sessions in ${found.folder}. Allow only if you trust the folder; they run as untrusted servers.`,
      untrustedServers: servers.map((server) => server.name)
    })
    if (approved === null) return { decision: null }
    const decision = approved ? 'allow' : 'deny'
    try {
      await recordProjectDecision(this.deps.config, found, decision)
      return { decision }
    } catch (error) {
      return { decision, unsaved: error instanceof Error ? error.message : String(error) }
    }
  }

  /** The folder's file, what it would run and the decision on it (Settings and `hearth mcp project`). */
  view(folder: string): ProjectServersView {
    const root = checkProjectFolder(folder)
    const found = readProjectServers(root, this.deps.env)
    if (!found) return { folder: root, file: null, servers: [], decision: null, problems: [] }
    const problems = found.problems.map((problem) => ({ server: problem.server, message: problem.message }))
    return {
      folder: found.folder,
      file: found.file,
      servers: describeProjectServers(found),
      decision: projectDecision(this.deps.config.config().mcp.projects, found),
      problems
    }
  }

  /** Records a decision on the file as it is now, or forgets the folder's decision. */
  async decideFolder(folder: string, decision: 'allow' | 'deny' | 'forget'): Promise<ProjectServersView> {
    const root = checkProjectFolder(folder)
    const found = readProjectServers(root, this.deps.env)
    if (decision === 'forget') await this.deps.config.patch((raw) => withoutProject(raw, root))
    else if (!found) throw invalidInput(`${root} has no .mcp.json to decide on`)
    else if (found.sha256 === '')
      throw invalidInput(found.problems.map((problem) => problem.message).join('; '))
    else await recordProjectDecision(this.deps.config, found, decision)
    if (decision !== 'allow') this.allowed.delete(root)
    return this.view(root)
  }

  /** Names config.json or another folder's allowed file already uses. */
  private takenElsewhere(folder: string, global: readonly string[]): Set<string> {
    const taken = new Set(global)
    for (const [other, servers] of this.allowed)
      if (other !== folder) for (const name of Object.keys(servers)) taken.add(name)
    return taken
  }
}

/** Stores the user's decision on this exact file (`mcp.projects` in config.json). */
export async function recordProjectDecision(
  config: ConfigStore,
  found: ProjectServers,
  decision: 'allow' | 'deny'
): Promise<void> {
  await config.patch({ mcp: { projects: { [found.folder]: { decision, sha256: found.sha256 } } } })
}

function notRunProblem(found: ProjectServers): McpConfigProblem {
  const names = Object.keys(found.servers).join(', ')
  return {
    server: '*',
    message: `${found.file} offers MCP servers (${names}) that were not run: allow them when a session starts in the app, or with \`hearth mcp project allow ${found.folder}\``
  }
}

function withoutProject(raw: Record<string, unknown>, folder: string): Record<string, unknown> {
  const mcp = isPlainObject(raw.mcp) ? raw.mcp : {}
  const projects = isPlainObject(mcp.projects) ? { ...mcp.projects } : {}
  delete projects[folder]
  return { ...raw, mcp: { ...mcp, projects } }
}
