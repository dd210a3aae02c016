import type { McpServerDraft, ParsedMcpServer } from '../../../shared/contract/mcpServers'
import { isPlainObject } from '../schemaCheck'
import { parseMcpServers } from './mcpConfig'

/**
 * Reads MCP server entries pasted from another app's settings into form drafts: a whole file
 * (`mcpServers` of Claude Code, Claude Desktop and Cursor; `servers` of VS Code; `mcp.servers`
 * of OpenClaw and VS Code's settings.json), a `"name": {…}` fragment, or one bare entry. Header
 * values come back separately: saving puts them in the secret store, never in config.json.
 */
export function parsePastedServers(
  text: string,
  env: Readonly<Record<string, string | undefined>>
): { servers: ParsedMcpServer[]; problems: string[] } {
  const json = parseLenient(text.trim())
  if (!json.ok) return { servers: [], problems: [json.problem] }
  const entries = findEntries(json.value)
  if (entries.length === 0)
    return {
      servers: [],
      problems: [
        'No MCP server entry found: paste an object with "command" or "url", or a file with "mcpServers".'
      ]
    }
  return { servers: entries.map(([name, entry]) => toParsed(name, entry, env)), problems: [] }
}

function parseLenient(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (text === '') return { ok: false, problem: 'Paste a server entry first.' }
  for (const candidate of [text, `{${text.replace(/,\s*$/, '')}}`]) {
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown }
    } catch {
      // Try the next reading: a `"name": {…}` fragment copied out of a larger file.
    }
  }
  try {
    JSON.parse(text)
  } catch (error) {
    return {
      ok: false,
      problem: `The text is not JSON (${error instanceof Error ? error.message : String(error)}).`
    }
  }
  return { ok: false, problem: 'The text is not JSON.' }
}

function findEntries(value: unknown): Array<[string, Record<string, unknown>]> {
  if (!isPlainObject(value)) return []
  const mcp = isPlainObject(value.mcp) ? value.mcp : undefined
  const container = [value.mcpServers, value.servers, mcp?.servers, value.mcp_servers].find(isPlainObject)
  if (container)
    return Object.entries(container).filter((entry): entry is [string, Record<string, unknown>] =>
      isPlainObject(entry[1])
    )
  if (looksLikeEntry(value)) return [[nameFor(value), value]]
  return Object.entries(value).filter(
    (entry): entry is [string, Record<string, unknown>] => isPlainObject(entry[1]) && looksLikeEntry(entry[1])
  )
}

function looksLikeEntry(value: Record<string, unknown>): boolean {
  return (
    typeof value.command === 'string' || typeof value.url === 'string' || typeof value.serverUrl === 'string'
  )
}

/** A bare entry has no name: take it from the package or host it runs. */
function nameFor(entry: Record<string, unknown>): string {
  if (typeof entry.name === 'string' && entry.name.trim() !== '') return slug(entry.name)
  const url =
    typeof entry.url === 'string'
      ? entry.url
      : typeof entry.serverUrl === 'string'
        ? entry.serverUrl
        : undefined
  if (url) {
    try {
      return slug(new URL(url).hostname.split('.').slice(-2, -1)[0] ?? 'remote')
    } catch {
      return 'remote'
    }
  }
  const args = Array.isArray(entry.args)
    ? entry.args.filter((arg): arg is string => typeof arg === 'string' && !arg.startsWith('-'))
    : []
  const last = (args[0] ?? String(entry.command)).split('/').at(-1) ?? 'server'
  return slug(last.replace(/^server-|^mcp-server-|-mcp$|@.*$/g, ''))
}

function slug(text: string): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+|-+$/g, '')
    .slice(0, 64)
  return cleaned === '' ? 'server' : cleaned
}

function toParsed(
  name: string,
  entry: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>
): ParsedMcpServer {
  const url =
    typeof entry.url === 'string' ? entry.url : typeof entry.serverUrl === 'string' ? entry.serverUrl : ''
  const type =
    typeof entry.type === 'string'
      ? entry.type
      : typeof entry.transport === 'string'
        ? entry.transport
        : undefined
  const transport: McpServerDraft['transport'] =
    type === 'sse'
      ? 'sse'
      : url !== '' && entry.command === undefined
        ? 'http'
        : type === 'http' || type === 'streamable-http'
          ? 'http'
          : 'stdio'
  const draft: McpServerDraft = {
    name: slug(name),
    transport,
    command: typeof entry.command === 'string' ? entry.command : '',
    args: Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === 'string') : [],
    env: strings(entry.env),
    cwd: typeof entry.cwd === 'string' ? entry.cwd : null,
    url,
    trusted: false
  }
  const warnings = parseMcpServers({ [draft.name]: entry }, env, 'pasted entry').problems.map(
    (problem) => problem.message
  )
  if (/\$\{input:/.test(JSON.stringify(entry)))
    warnings.push(
      'pasted entry: uses ${input:…} placeholders (VS Code prompts for them); type the values in instead'
    )
  if (draft.name !== name)
    warnings.push(
      `pasted entry: renamed "${name}" to "${draft.name}" (server names are letters, digits, "_", "-" and ".")`
    )
  return { draft, headers: strings(entry.headers), warnings }
}

function strings(value: unknown): Record<string, string> {
  if (!isPlainObject(value)) return {}
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) =>
      typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean'
        ? [[key, String(item)]]
        : []
    )
  )
}
