import { isPlainObject } from '../schemaCheck'
import { expandVariables } from './expandVariables'

/** A local server: a process speaking MCP on its stdin/stdout. */
export interface McpStdioConfig {
  readonly transport: 'stdio'
  readonly command: string
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string | null
  readonly trusted: boolean
}

/**
 * A remote server. `auto` (a `url` with no `type`) tries Streamable HTTP and falls back to the
 * legacy SSE transport, as the protocol's compatibility notes recommend.
 */
export interface McpRemoteConfig {
  readonly transport: 'http' | 'sse' | 'auto'
  readonly url: string
  /** Headers written in config.json itself (Hearth's own UI keeps them in the secret store). */
  readonly headers: Readonly<Record<string, string>>
  /** Names of headers whose values live in the secret store. */
  readonly secretHeaders: readonly string[]
  readonly trusted: boolean
}

export type McpServerConfig = McpStdioConfig | McpRemoteConfig

/** One thing wrong with one server's entry; the other servers are never affected. */
export interface McpConfigProblem {
  readonly server: string
  readonly message: string
}

export interface ParsedMcpServers {
  readonly servers: Readonly<Record<string, McpServerConfig>>
  /** Entries left out (unusable) and warnings about entries that are used (ignored keys). */
  readonly problems: readonly McpConfigProblem[]
}

const TYPES: Readonly<Record<string, McpServerConfig['transport']>> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse'
}
/** Keys Hearth reads; `serverUrl` is Windsurf's name for `url`, `transport` an alias of `type`. */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  'type',
  'transport',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'serverUrl',
  'headers',
  'secretHeaders',
  'trusted',
  'disabled',
  'enabled'
])

/**
 * Reads `mcpServers` entries in every shape people paste from other apps: Claude Desktop and
 * Cursor (`command`/`args`/`env`, or `url`), Claude Code's `.mcp.json` (`type: stdio|http|sse`,
 * `${VAR}` and `${VAR:-default}` expansion) and VS Code (`type`, `cwd`, `headers`). A key Hearth
 * does not use is a warning on that entry; an entry that cannot run is left out with its reason.
 * Neither ever costs the other servers.
 */
export function parseMcpServers(
  raw: unknown,
  env: Readonly<Record<string, string | undefined>>,
  source = 'config.json'
): ParsedMcpServers {
  if (raw === undefined || raw === null) return { servers: {}, problems: [] }
  if (!isPlainObject(raw))
    return {
      servers: {},
      problems: [
        {
          server: '*',
          message: `${source}: "mcpServers" must be an object of named servers; no MCP server is used`
        }
      ]
    }
  const servers: Record<string, McpServerConfig> = {}
  const problems: McpConfigProblem[] = []
  for (const [name, entry] of Object.entries(raw)) {
    const parsed = parseEntry(name, entry, env)
    problems.push(...parsed.warnings.map((message) => ({ server: name, message: `${source}: ${message}` })))
    if (parsed.config) servers[name] = parsed.config
  }
  return { servers, problems }
}

interface EntryResult {
  readonly config?: McpServerConfig
  readonly warnings: string[]
}

function parseEntry(
  name: string,
  entry: unknown,
  env: Readonly<Record<string, string | undefined>>
): EntryResult {
  const warnings: string[] = []
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name))
    return {
      warnings: [
        `server name "${name}" must be 1–64 letters, digits, "_", "-" or "." (starting with a letter or digit); left out`
      ]
    }
  if (!isPlainObject(entry))
    return { warnings: ['the entry must be an object with "command" or "url"; left out'] }
  for (const key of Object.keys(entry))
    if (!KNOWN_KEYS.has(key)) warnings.push(`"${key}" is not used by Hearth; ignored`)
  if (entry.disabled === true || entry.enabled === false)
    return { warnings: [...warnings, 'disabled in its entry; left out'] }
  const expand = (value: string, field: string): string => {
    const result = expandVariables(value, env)
    for (const missing of result.missing)
      warnings.push(`${field} uses \${${missing}}, which is not set; it expands to nothing`)
    return result.text
  }
  const declared = entry.type ?? entry.transport
  const transport = typeof declared === 'string' ? TYPES[declared] : undefined
  if (declared !== undefined && transport === undefined)
    return {
      warnings: [...warnings, `"type": ${JSON.stringify(declared)} is not one of stdio, http, sse; left out`]
    }
  const trusted = typeof entry.trusted === 'boolean' ? entry.trusted : false
  if (entry.trusted !== undefined && typeof entry.trusted !== 'boolean')
    warnings.push('"trusted" must be true or false; treated as false')
  const url = entry.url ?? entry.serverUrl
  const wantsRemote =
    transport === 'http' ||
    transport === 'sse' ||
    (transport === undefined && url !== undefined && entry.command === undefined)
  const config = wantsRemote
    ? remoteConfig(entry, url, transport, trusted, expand, warnings)
    : stdioConfig(entry, trusted, expand, warnings)
  return config ? { config, warnings } : { warnings }
}

type Expand = (value: string, field: string) => string

function stdioConfig(
  entry: Record<string, unknown>,
  trusted: boolean,
  expand: Expand,
  warnings: string[]
): McpStdioConfig | undefined {
  if (typeof entry.command !== 'string' || entry.command.trim() === '') {
    warnings.push('needs "command" (a program to run) or "url" (a remote server); left out')
    return undefined
  }
  const args = stringList(entry.args, 'args', warnings).map((arg, i) => expand(arg, `args[${i}]`))
  const envValues = stringRecord(entry.env, 'env', warnings)
  const cwd = typeof entry.cwd === 'string' && entry.cwd.trim() !== '' ? expand(entry.cwd, 'cwd') : null
  if (entry.cwd !== undefined && typeof entry.cwd !== 'string')
    warnings.push('"cwd" must be a folder path; ignored')
  return {
    transport: 'stdio',
    command: expand(entry.command.trim(), 'command'),
    args,
    env: Object.fromEntries(
      Object.entries(envValues).map(([key, value]) => [key, expand(value, `env.${key}`)])
    ),
    cwd,
    trusted
  }
}

function remoteConfig(
  entry: Record<string, unknown>,
  url: unknown,
  transport: McpServerConfig['transport'] | undefined,
  trusted: boolean,
  expand: Expand,
  warnings: string[]
): McpRemoteConfig | undefined {
  if (typeof url !== 'string' || url.trim() === '') {
    warnings.push(`needs "url" for a remote (${transport ?? 'http'}) server; left out`)
    return undefined
  }
  const expanded = expand(url.trim(), 'url')
  const problem = urlProblem(expanded)
  if (problem) {
    warnings.push(`"url" ${problem}; left out`)
    return undefined
  }
  if (entry.command !== undefined) warnings.push('"command" is ignored for a remote server')
  const headers = stringRecord(entry.headers, 'headers', warnings)
  return {
    transport: transport === 'http' || transport === 'sse' ? transport : 'auto',
    url: expanded,
    headers: Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [key, expand(value, `headers.${key}`)])
    ),
    secretHeaders: stringList(entry.secretHeaders, 'secretHeaders', warnings),
    trusted
  }
}

/** Why a remote URL is refused: only http(s), and plain http only to this machine. */
export function urlProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'is not a valid URL'
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return `must start with https:// (got ${parsed.protocol})`
  if (parsed.username !== '' || parsed.password !== '')
    return 'must not carry a user name or password; use headers'
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)
  if (parsed.protocol === 'http:' && !loopback)
    return 'must use https:// unless the server runs on this machine (localhost)'
  return null
}

function stringList(value: unknown, field: string, warnings: string[]): string[] {
  if (value === undefined) return []
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
  warnings.push(`"${field}" must be a list of strings; ignored`)
  return []
}

/** Numbers and booleans in env/headers are written as text (common in pasted JSON); anything else is dropped. */
function stringRecord(value: unknown, field: string, warnings: string[]): Record<string, string> {
  if (value === undefined) return {}
  if (!isPlainObject(value)) {
    warnings.push(`"${field}" must be an object of names to strings; ignored`)
    return {}
  }
  const out: Record<string, string> = {}
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = item
    else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item)
    else warnings.push(`"${field}.${key}" must be a string; ignored`)
  }
  return out
}
