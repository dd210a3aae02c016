import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { isPlainObject } from '../schemaCheck'
import { parseMcpServers, type McpConfigProblem, type McpServerConfig } from './mcpConfig'
import { describeTransport } from './mcpDiagnosis'

/** A project's `.mcp.json` larger than this is not read (it is a list of servers, not data). */
const MAX_FILE_BYTES = 1_000_000

/** The servers a project folder's `.mcp.json` offers, and the fingerprint a decision is tied to. */
export interface ProjectServers {
  readonly folder: string
  readonly file: string
  /** sha256 of the file: a changed file is offered again, so a decision covers exactly what was seen. */
  readonly sha256: string
  readonly servers: Readonly<Record<string, McpServerConfig>>
  readonly problems: readonly McpConfigProblem[]
}

export type ProjectDecision = 'allow' | 'deny' | null

/**
 * Reads `<folder>/.mcp.json` (Claude Code's project file). Its servers are never trusted by the
 * file's say-so (a cloned repository could claim anything): `trusted` is forced off, and none of
 * them runs before the user allows this folder's file. Returns null when there is no such file.
 */
export function readProjectServers(
  folder: string,
  env: Readonly<Record<string, string | undefined>>
): ProjectServers | null {
  const root = resolve(folder)
  const file = join(root, '.mcp.json')
  let bytes: Buffer
  try {
    if (statSync(file).size > MAX_FILE_BYTES)
      return {
        folder: root,
        file,
        sha256: '',
        servers: {},
        problems: [{ server: '*', message: `${file} is over ${MAX_FILE_BYTES} bytes; not read` }]
      }
    bytes = readFileSync(file)
  } catch {
    return null
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  } catch (error) {
    return {
      folder: root,
      file,
      sha256,
      servers: {},
      problems: [
        {
          server: '*',
          message: `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`
        }
      ]
    }
  }
  const parsed = parseMcpServers(isPlainObject(json) ? json.mcpServers : undefined, env, file)
  const servers = Object.fromEntries(
    Object.entries(parsed.servers).map(([name, config]) => [name, inProject(config, root)])
  )
  return { folder: root, file, sha256, servers, problems: parsed.problems }
}

/**
 * Never trusted by the file's say-so; a local server runs in the project folder (as Claude Code
 * runs it), so `node ./tools/server.js` and a relative `cwd` mean the project's files.
 */
function inProject(config: McpServerConfig, root: string): McpServerConfig {
  if (config.transport !== 'stdio') return { ...config, trusted: false }
  const cwd = config.cwd === null ? root : isAbsolute(config.cwd) ? config.cwd : resolve(root, config.cwd)
  return { ...config, cwd, trusted: false }
}

/** The user's decision on this exact file, from config.json's `mcp.projects`. */
export function projectDecision(
  projects: Readonly<Record<string, { decision: 'allow' | 'deny'; sha256: string }>>,
  found: ProjectServers
): ProjectDecision {
  const stored = Object.hasOwn(projects, found.folder) ? projects[found.folder] : undefined
  if (!stored) return null
  // A denial holds for the folder; an approval only for the file as it was when approved.
  if (stored.decision === 'deny') return 'deny'
  return stored.sha256 === found.sha256 ? 'allow' : null
}

/** Each offered server in one line: its name and what it would run or reach. */
export function describeProjectServers(found: ProjectServers): Array<{ name: string; target: string }> {
  return Object.entries(found.servers).map(([name, config]) => ({ name, target: describeTransport(config) }))
}
