import { basename, dirname } from 'node:path'
import { PinDestination } from '../../shared/contract/memory'
import type { FactEvent } from '../../shared/contract/review'
import type { HomePaths } from '../home/homePaths'
import type { AgentId } from '../../shared/contract'

/** One pin as its history event recorded it. */
export interface PinRecord {
  readonly factId: number
  readonly to: PinDestination
  readonly path: string
  /** The entry pinned into MEMORY.md / USER.md, or a memory file's index line in MEMORY.md. */
  readonly entry: string | null
  /** A memory file's slug (its name without `.md`); null for entries. */
  readonly slug: string | null
  /** sha256 of the memory file as the pin wrote it: an untouched file can be deleted on unpin. */
  readonly fileHash: string | null
  readonly atMs: number
}

/** What a pin writes into its history event's detail, so unpinning knows exactly what to take back. */
export interface PinDetail {
  readonly destination: PinDestination
  readonly path: string
  readonly entry: string | null
  readonly fileHash?: string
}

/** The name a pin's place goes by: "MEMORY.md", "USER.md" or "memories/<slug>.md". */
export function placeName(to: PinDestination, slug: string | null): string {
  if (to === 'file') return `memories/${slug ?? ''}.md`
  return to === 'user' ? 'USER.md' : 'MEMORY.md'
}

/**
 * The pins still standing after an agent's pinned and unpinned events, one per fact and
 * destination (a later pin of the same kind replaces an earlier one). Whether each is still in
 * its file is for the caller to check.
 */
export function standingPins(events: readonly FactEvent[], paths: HomePaths, agentId: AgentId): PinRecord[] {
  const standing = new Map<string, PinRecord>()
  for (const event of events) {
    const record = recordOf(event, paths, agentId)
    if (record === null) continue
    const key = `${record.factId}:${record.to}`
    if (event.kind === 'pinned') standing.set(key, record)
    else standing.delete(key)
  }
  return [...standing.values()]
}

/**
 * Reads one event. Pins from before the detail named its destination carried only the path,
 * which says where it went; the pinned entry was then the fact's text.
 */
function recordOf(event: FactEvent, paths: HomePaths, agentId: AgentId): PinRecord | null {
  const path = typeof event.detail.path === 'string' ? event.detail.path : null
  if (path === null) return null
  const parsed = PinDestination.safeParse(event.detail.destination)
  const to = parsed.success ? parsed.data : destinationOf(path, paths, agentId)
  if (to === null) return null
  const entry = typeof event.detail.entry === 'string' ? event.detail.entry : null
  return {
    factId: event.factId,
    to,
    path,
    entry: entry ?? (to === 'file' ? null : event.afterText),
    slug: to === 'file' ? basename(path, '.md') : null,
    fileHash: typeof event.detail.fileHash === 'string' ? event.detail.fileHash : null,
    atMs: event.atMs
  }
}

function destinationOf(path: string, paths: HomePaths, agentId: AgentId): PinDestination | null {
  if (path === paths.user) return 'user'
  if (path === paths.memory(agentId)) return 'memory'
  if (dirname(path) === paths.memoriesDir(agentId) && path.endsWith('.md')) return 'file'
  return null
}
