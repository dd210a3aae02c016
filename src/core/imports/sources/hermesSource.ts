import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { McpServerDraft } from '../../../shared/contract'
import { McpServerDraft as DraftSchema } from '../../../shared/contract'
import { sourceText } from '../sourceText'
import { sectionEntries } from '../entryLines'
import { ImportFileError, type ImportSourceReader, type SourceEvent } from '../importTypes'
import { hermesSessions } from './hermesStateDb'
import { foreignIds, PartCounter, presentCount } from './partProgress'
import { skillFolders } from './skillFolders'

/**
 * A Hermes home (`~/.hermes`, or `HERMES_HOME`), in the layout its published source gives:
 * `SOUL.md` (the persona), `memories/MEMORY.md` and `memories/USER.md` (entries separated by a
 * line holding `§`), `skills/<category>/<skill>/SKILL.md`, `state.db` (sessions and messages)
 * and `config.yaml` (`mcp_servers`).
 */
export const hermesSource: ImportSourceReader = {
  source: 'hermes',
  defaultPath: () => process.env.HERMES_HOME ?? join(homedir(), '.hermes'),
  measure: async (path) => ({
    unit: 'parts',
    total:
      presentCount(path, FILE_PARTS) +
      foreignIds(join(path, 'state.db'), 'state.db', 'sessions', 'id', 'a Hermes session database').length
  }),
  read
}

/** What is read whole, one part each for progress; then each chat of state.db is one part. */
const FILE_PARTS = ['SOUL.md', 'memories/MEMORY.md', 'memories/USER.md', 'skills', 'config.yaml']

async function* read(path: string): AsyncGenerator<SourceEvent> {
  if (!existsSync(path))
    throw new ImportFileError(path, null, `${path} does not exist; give the Hermes home folder`)
  const parts = new PartCounter()
  const soul = text(join(path, 'SOUL.md'), 'SOUL.md')
  if (soul !== null && soul.trim() !== '')
    yield { kind: 'persona', text: soul.trim(), name: null, ref: 'SOUL.md' }
  yield* parts.ifPresent(path, 'SOUL.md')
  yield* memoryFile(path, 'MEMORY.md', 'project_fact', 'agent')
  yield* parts.ifPresent(path, 'memories/MEMORY.md')
  yield* memoryFile(path, 'USER.md', 'user_fact', 'user')
  yield* parts.ifPresent(path, 'memories/USER.md')
  yield* skillFolders(join(path, 'skills'), 'skills')
  yield* parts.ifPresent(path, 'skills')
  // yaml is loaded by the one reader that needs it, not with every host.
  yield* servers(path, (await import('yaml')).parse)
  yield* parts.ifPresent(path, 'config.yaml')
  yield* parts.sessions(hermesSessions(join(path, 'state.db'), 'state.db'))
}

const text = sourceText

function* memoryFile(
  home: string,
  name: 'MEMORY.md' | 'USER.md',
  type: 'project_fact' | 'user_fact',
  speaker: 'agent' | 'user'
): Generator<SourceEvent> {
  const file = `memories/${name}`
  const body = text(join(home, 'memories', name), file)
  if (body === null) return
  for (const entry of sectionEntries(body))
    yield {
      kind: 'candidate',
      text: entry.text,
      type,
      speaker,
      provenance: { source: 'hermes', file, line: entry.line, conversation: null, message: null }
    }
}

/** `mcp_servers` of config.yaml: each becomes a proposal the user accepts or dismisses; none runs on import. */
function* servers(home: string, parseYaml: (text: string) => unknown): Generator<SourceEvent> {
  const body = text(join(home, 'config.yaml'), 'config.yaml')
  if (body === null) return
  let config: unknown
  try {
    config = parseYaml(body)
  } catch (error) {
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? null
    throw new ImportFileError(
      'config.yaml',
      line,
      `config.yaml is not valid YAML: ${(error as Error).message}`
    )
  }
  const entries = (config as { mcp_servers?: unknown } | null)?.mcp_servers
  if (entries === undefined || entries === null) return
  if (typeof entries !== 'object') {
    yield {
      kind: 'skip',
      itemKind: 'mcp_server',
      ref: 'config.yaml mcp_servers',
      reason: 'not a map of servers'
    }
    return
  }
  for (const [name, raw] of Object.entries(entries as Record<string, unknown>)) {
    const draft = toDraft(name, raw)
    if (typeof draft === 'string')
      yield { kind: 'skip', itemKind: 'mcp_server', ref: `config.yaml mcp_servers.${name}`, reason: draft }
    else yield { kind: 'mcp_server', draft, ref: `config.yaml mcp_servers.${name}` }
  }
}

function toDraft(name: string, raw: unknown): McpServerDraft | string {
  if (typeof raw !== 'object' || raw === null) return 'not a server entry'
  const entry = raw as Record<string, unknown>
  const parsed = DraftSchema.safeParse({
    name,
    transport: typeof entry.url === 'string' ? 'http' : 'stdio',
    command: typeof entry.command === 'string' ? entry.command : '',
    args: Array.isArray(entry.args) ? entry.args.map(String) : [],
    env: typeof entry.env === 'object' && entry.env !== null ? stringValues(entry.env) : {},
    url: typeof entry.url === 'string' ? entry.url : ''
  })
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'not a server entry Hearth can run'
  if (parsed.data.command === '' && parsed.data.url === '') return 'neither a command nor a URL'
  return parsed.data
}

function stringValues(record: object): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, String(value)]))
}
