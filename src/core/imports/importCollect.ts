import type { ImportCount, ImportKind, ImportSkip, ImportSource } from '../../shared/contract'
import { scanForThreats } from '../domain/prompt/scanner'
import type { Db } from '../node/db/openDatabase'
import { buildTurns } from './conversationTurns'
import { itemHash } from './itemHash'
import type { ImportStaging } from './importStaging'
import type {
  CandidateItem,
  ImportItem,
  ImportSourceReader,
  PersonaItem,
  ProposalItem,
  ReferenceFileItem,
  SkillItem,
  SourceEvent
} from './importTypes'

/** An item that passed reading, with its hash and what the scanner found in it. */
export interface Collected<T> {
  readonly item: T
  readonly hash: string
  readonly findings: readonly string[]
}

/** Everything an import would bring in: the new items (sessions staged on disk), counted. */
export interface Collection {
  persona: Collected<PersonaItem> | null
  readonly candidates: Collected<CandidateItem>[]
  readonly skills: Collected<SkillItem>[]
  readonly files: Collected<ReferenceFileItem>[]
  readonly proposals: Collected<ProposalItem>[]
  readonly counts: Record<ImportKind, ImportCount>
  readonly skipped: ImportSkip[]
  itemsRead: number
}

const MAX_SKIPS_LISTED = 200

export function emptyCounts(): Record<ImportKind, ImportCount> {
  const zero = (): ImportCount => ({ found: 0, new: 0, existing: 0, skipped: 0, blocked: 0 })
  return {
    persona: zero(),
    candidate: zero(),
    skill: zero(),
    session: zero(),
    message: zero(),
    mcp_server: zero(),
    file: zero()
  }
}

/** What each kind is scanned as: memory entries strictly, what reaches a prompt as context; protective sentences do not block. */
function scanOf(item: ImportItem): string[] {
  switch (item.kind) {
    case 'candidate':
      return scanForThreats(item.text, 'strict')
    case 'persona':
      return scanForThreats(item.text, 'context')
    case 'skill': {
      const skill = item.files.find((f) => f.rel === 'SKILL.md')
      return skill ? scanForThreats(skill.bytes.toString('utf8'), 'context') : []
    }
    default:
      return []
  }
}

/**
 * Reads a source to the end (phase one of an import, and all of a preview): every item is
 * hashed, looked up among earlier imports, scanned, counted, and the new ones kept (sessions in
 * the staging file). Nothing in the home changes here.
 */
export async function collect(
  reader: ImportSourceReader,
  path: string,
  db: Db,
  staging: ImportStaging,
  /** Items read so far, and how far through the source (in the unit its reader measured). */
  onProgress: (items: number, done: number) => void
): Promise<Collection> {
  const known = db.prepare('SELECT 1 FROM import_items WHERE hash = ?').pluck()
  const seen = new Set<string>()
  const out: Collection = {
    persona: null,
    candidates: [],
    skills: [],
    files: [],
    proposals: [],
    counts: emptyCounts(),
    skipped: [],
    itemsRead: 0
  }
  const skip = (kind: ImportKind, ref: string, reason: string): void => {
    out.counts[kind].skipped += 1
    if (out.skipped.length < MAX_SKIPS_LISTED) out.skipped.push({ kind, ref, reason })
  }
  let done = 0
  for await (const event of reader.read(path) as AsyncIterable<SourceEvent>) {
    if (event.kind === 'progress') {
      done = event.done
      onProgress(out.itemsRead, done)
      continue
    }
    if (event.kind === 'skip') {
      skip(event.itemKind, event.ref, event.reason)
      continue
    }
    const counts = out.counts[event.kind]
    counts.found += 1
    out.itemsRead += event.kind === 'session' ? event.nodes.length + 1 : 1
    if (event.kind === 'session') out.counts.message.found += event.nodes.length
    const hash = itemHash(reader.source, event)
    if (seen.has(hash) || known.get(hash) !== undefined) {
      counts.existing += 1
      if (event.kind === 'session') out.counts.message.existing += event.nodes.length
      continue
    }
    seen.add(hash)
    counts.new += 1
    const findings = scanOf(event)
    if (findings.length > 0) counts.blocked += 1
    keep(out, staging, event, hash, findings)
    if (out.itemsRead % 500 === 0) onProgress(out.itemsRead, done)
  }
  onProgress(out.itemsRead, done)
  return out
}

function keep(
  out: Collection,
  staging: ImportStaging,
  item: ImportItem,
  hash: string,
  findings: string[]
): void {
  switch (item.kind) {
    case 'persona':
      out.persona = { item, hash, findings }
      return
    case 'candidate':
      out.candidates.push({ item, hash, findings })
      return
    case 'skill':
      out.skills.push({ item, hash, findings })
      return
    case 'file':
      out.files.push({ item, hash, findings })
      return
    case 'mcp_server':
      out.proposals.push({ item, hash, findings })
      return
    case 'session': {
      const { turns, headTurnId } = buildTurns(item.nodes, item.shownLeaf)
      out.counts.message.new += item.nodes.length
      staging.add({
        hash,
        ref: item.ref,
        title: item.title,
        model: item.model,
        startedAtMs: item.startedAtMs,
        updatedAtMs: item.updatedAtMs,
        turns,
        headTurnId
      })
    }
  }
}

export function sourceLabel(source: ImportSource): string {
  const names: Record<ImportSource, string> = {
    hermes: 'Hermes',
    openclaw: 'OpenClaw',
    chatgpt: 'ChatGPT',
    claude: 'Claude',
    hearth: 'Hearth'
  }
  return names[source]
}
