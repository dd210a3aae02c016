import type {
  McpServerDraft,
  McpServersView,
  McpServerTest,
  McpServerView,
  ParsedMcpServer
} from '../../../shared/contract/mcpServers'
import { invalidInput, notFound } from '../../errors'
import type { ConfigStore } from '../../home/configStore'
import type { SecretStore } from '../../ports/secretStore'
import { estimateToolTokens } from '../deferral'
import { isPlainObject } from '../schemaCheck'
import { toolDescriptionWarnings } from '../toolScan'
import { mcpToolsetName } from '../toolsets'
import { urlProblem, type McpConfigProblem } from './mcpConfig'
import type { McpListing, McpManager } from './mcpManager'
import { parsePastedServers } from './mcpPaste'
import { testServer, toolCosts } from './mcpServerTest'
import { readSecretHeaders, writeSecretHeaders } from './mcpSecrets'

export interface McpServerAdminDeps {
  readonly config: ConfigStore
  readonly secrets: SecretStore
  readonly mcp: McpManager
  /** Reads config.json and brings the connections in line with it. */
  readonly sync: () => {
    readonly servers: Readonly<Record<string, unknown>>
    readonly problems: readonly McpConfigProblem[]
  }
  readonly env: Readonly<Record<string, string | undefined>>
}

type RawEntries = Record<string, unknown>

/**
 * Settings → Tools' server management: add, edit, rename, remove and test MCP servers without
 * touching JSON. Entries are written in the shape other apps use (`type`, `command`, `url`…);
 * header values (bearer tokens) go to the secret store and only their names to config.json.
 */
export class McpServerAdmin {
  constructor(private readonly deps: McpServerAdminDeps) {}

  async list(): Promise<McpServersView> {
    const { servers: configured, problems } = this.deps.sync()
    const raw = this.rawEntries()
    // config.json's servers only: a project's .mcp.json is decided on per folder, not edited here.
    const names = Object.keys(configured).sort()
    const listings = new Map(
      (await this.deps.mcp.listMany(names)).map((listing) => [listing.server, listing])
    )
    const servers = names.map((name) => this.view(name, raw[name], listings.get(name), problems))
    const leftOut = problems
      .filter((problem) => !names.includes(problem.server))
      .map((problem) => (problem.server === '*' ? problem.message : `${problem.server}: ${problem.message}`))
    return { servers, problems: leftOut, configPath: this.deps.config.path }
  }

  async save(
    draft: McpServerDraft,
    previousName: string | undefined,
    headers: Readonly<Record<string, string>> | undefined
  ): Promise<McpServersView> {
    checkDraft(draft)
    const raw = this.rawEntries()
    const from = previousName ?? draft.name
    if (from !== draft.name && Object.hasOwn(raw, draft.name))
      throw invalidInput(`There is already a server named "${draft.name}"; pick another name`)
    const old = isPlainObject(raw[from]) ? raw[from] : {}
    const secret =
      draft.transport === 'stdio'
        ? {}
        : (headers ?? { ...(await readSecretHeaders(this.deps.secrets, from)), ...plainHeaders(old) })
    await writeSecretHeaders(this.deps.secrets, draft.name, secret)
    if (from !== draft.name) await writeSecretHeaders(this.deps.secrets, from, {})
    await this.deps.config.patch((file) =>
      renamed(withEntry(file, from, draft.name, entryFor(draft, Object.keys(secret))), from, draft.name)
    )
    this.deps.mcp.forget(from)
    return this.list()
  }

  async remove(name: string): Promise<McpServersView> {
    if (!Object.hasOwn(this.rawEntries(), name))
      throw notFound(`No MCP server named "${name}" in config.json`)
    await this.deps.config.patch((file) => renamed(withEntry(file, name, name, undefined), name, null))
    await writeSecretHeaders(this.deps.secrets, name, {})
    this.deps.mcp.forget(name)
    return this.list()
  }

  /** Tries the server now (see `testServer`); the result goes with the refreshed list. */
  async test(name: string): Promise<McpServersView & { readonly test: McpServerTest }> {
    this.deps.sync()
    const connection = this.deps.mcp.get(name)
    if (!connection) throw notFound(`No MCP server named "${name}" in config.json`)
    const test = await testServer(connection, () => this.deps.mcp.listTools(name))
    return { ...(await this.list()), test }
  }

  parse(text: string): { servers: ParsedMcpServer[]; problems: string[] } {
    return parsePastedServers(text, this.deps.env)
  }

  private rawEntries(): RawEntries {
    const raw = this.deps.config.read().raw?.mcpServers
    return isPlainObject(raw) ? raw : {}
  }

  private view(
    name: string,
    rawEntry: unknown,
    listing: McpListing | undefined,
    problems: readonly McpConfigProblem[]
  ): McpServerView {
    const connection = this.deps.mcp.get(name)
    const state = connection?.state()
    const entry = isPlainObject(rawEntry) ? rawEntry : {}
    const config = connection?.config
    const ok = listing?.ok === true ? listing : undefined
    return {
      name,
      transport: config?.transport ?? 'stdio',
      connectedOver: state?.transport ?? null,
      command: typeof entry.command === 'string' ? entry.command : '',
      args: Array.isArray(entry.args)
        ? entry.args.filter((arg): arg is string => typeof arg === 'string')
        : [],
      env: stringRecord(entry.env),
      cwd: typeof entry.cwd === 'string' ? entry.cwd : null,
      url:
        typeof entry.url === 'string'
          ? entry.url
          : typeof entry.serverUrl === 'string'
            ? entry.serverUrl
            : '',
      secretHeaders: config && config.transport !== 'stdio' ? [...config.secretHeaders] : [],
      plainHeaders: Object.keys(plainHeaders(entry)),
      trusted: config?.trusted ?? false,
      status: state?.status ?? 'stopped',
      error: state?.error ?? (listing && !listing.ok ? listing.error : null),
      stderr: [...(state?.stderr ?? [])],
      retryAt: state?.retryAt ?? null,
      toolCount: ok?.tools.length ?? 0,
      tokens: ok ? estimateToolTokens(ok.tools) : 0,
      tools: ok ? toolCosts(ok.tools) : [],
      hiddenTools: ok ? [...ok.hidden] : [],
      configWarnings: [
        ...problems.filter((problem) => problem.server === name).map((problem) => problem.message),
        ...(ok?.problems ?? [])
      ],
      toolWarnings: ok ? toolDescriptionWarnings(ok) : [],
      toolsChangedAt: state?.toolsChangedAt ?? null
    }
  }
}

function checkDraft(draft: McpServerDraft): void {
  if (draft.transport === 'stdio' && draft.command.trim() === '')
    throw invalidInput('A local server needs a command (the program to run, e.g. npx or node)')
  if (draft.transport !== 'stdio') {
    const problem = urlProblem(draft.url.trim())
    if (problem) throw invalidInput(`The URL ${problem}`)
  }
}

/** The config.json entry for a draft, in the shape Claude Code and VS Code use. */
function entryFor(draft: McpServerDraft, secretHeaders: readonly string[]): Record<string, unknown> {
  if (draft.transport !== 'stdio') {
    return {
      type: draft.transport,
      url: draft.url.trim(),
      ...(secretHeaders.length > 0 ? { secretHeaders: [...secretHeaders] } : {}),
      trusted: draft.trusted
    }
  }
  return {
    type: 'stdio',
    command: draft.command.trim(),
    args: [...draft.args],
    ...(Object.keys(draft.env).length > 0 ? { env: { ...draft.env } } : {}),
    ...(draft.cwd && draft.cwd.trim() !== '' ? { cwd: draft.cwd.trim() } : {}),
    trusted: draft.trusted
  }
}

/** config.json with one entry replaced, renamed or (entry undefined) removed; the order of the others kept. */
function withEntry(
  file: Record<string, unknown>,
  from: string,
  to: string,
  entry: Record<string, unknown> | undefined
): Record<string, unknown> {
  const servers = isPlainObject(file.mcpServers) ? file.mcpServers : {}
  const next: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(servers)) {
    if (name === from) {
      if (entry) next[to] = entry
    } else next[name] = value
  }
  if (entry && !Object.hasOwn(next, to)) next[to] = entry
  return { ...file, mcpServers: next }
}

/** Agents' toolset lists follow a rename (or lose a removed server). */
function renamed(file: Record<string, unknown>, from: string, to: string | null): Record<string, unknown> {
  if (from === to || !isPlainObject(file.agents)) return file
  const agents = Object.fromEntries(
    Object.entries(file.agents).map(([id, agent]) => {
      if (!isPlainObject(agent) || !Array.isArray(agent.toolsets)) return [id, agent]
      const toolsets = agent.toolsets.flatMap((name: unknown) =>
        name === mcpToolsetName(from) ? (to === null ? [] : [mcpToolsetName(to)]) : [name]
      )
      return [id, { ...agent, toolsets }]
    })
  )
  return { ...file, agents }
}

function plainHeaders(entry: Record<string, unknown>): Record<string, string> {
  return stringRecord(entry.headers)
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isPlainObject(value)) return {}
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string')
  )
}
