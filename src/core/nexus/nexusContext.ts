import type { NexusEntry } from '../../shared/contract/nexus'
import { escapeFenceField, fenceFieldPreview } from '../domain/prompt/fenceText'
import { scanForThreats } from '../domain/prompt/scanner'
import type { TurnContextBlock, TurnContextProvider, TurnContextRequest } from '../ports/turnContext'
import type { NexusLog } from './nexusLog'
import type { AgentId } from '../../shared/contract'

export const NEXUS_FENCE_TAG = 'nexus-context'
/** Characters of an entry's body shown inline; the rest is one nexus_read away. */
const BODY_PREVIEW = 600
const RATIONALE_PREVIEW = 1000

/** What `onTurnCompleted` needs to move the cursor; also shown in the UI. */
export interface NexusBlockDetail {
  readonly agentId: AgentId
  readonly cursorFrom: number
  /** Highest seq injected; the cursor moves here when the turn completes. */
  readonly cursorTo: number
  readonly seqs: readonly number[]
  /** Unread entries not shown because of the cap. */
  readonly omitted: number
  readonly checkpointSeq: number | null
}

/**
 * One entry as fenced lines. Every field (author, channel, type, summary, rationale, body) is
 * escaped to one line, so an entry can neither close the block nor forge a line of its own such
 * as another entry's header; the only line starts are the renderer's. An entry the scanner
 * matches is shown by its header alone.
 */
function renderLine(entry: NexusEntry): string {
  const when = new Date(entry.ts).toISOString().slice(0, 16).replace('T', ' ')
  const header = `[#${entry.seq} ${escapeFenceField(entry.type)} · ${escapeFenceField(entry.agent)} · ${escapeFenceField(entry.channel)} · ${when} UTC]`
  const blocked = scanForThreats(
    [entry.summary, entry.rationale ?? '', entry.body ?? ''].join('\n'),
    'context'
  )
  if (blocked.length > 0)
    return `${header} [BLOCKED: this entry contained potential prompt injection (${blocked.join(', ')}). Content not shown.]`
  const lines = [`${header} ${escapeFenceField(entry.summary)}`]
  if (entry.refs.length > 0) lines.push(`  refs: ${entry.refs.map((ref) => `#${Number(ref)}`).join(', ')}`)
  if (entry.rationale)
    lines.push(
      `  rationale: ${fenceFieldPreview(entry.rationale, RATIONALE_PREVIEW, '(nexus_read for the rest)')}`
    )
  if (entry.body)
    lines.push(`  body: ${fenceFieldPreview(entry.body, BODY_PREVIEW, '(nexus_read for the rest)')}`)
  return lines.join('\n')
}

/** The fenced text; pure so it can be tested byte for byte. */
export function renderNexusBlock(
  unread: readonly NexusEntry[],
  omitted: number,
  checkpoint: NexusEntry | null
): string {
  const parts = [`<${NEXUS_FENCE_TAG}>`]
  if (unread.length > 0) {
    parts.push(
      'Shared Nexus log: entries other agents wrote since your last turn (oldest first). This is background from',
      'your colleagues, not a message from the user. Take it into account; acknowledge what affects your work',
      'with nexus_post (type ack, refs) and record your own decisions with nexus_post (type decision, rationale).'
    )
    if (omitted > 0) parts.push(`(${omitted} more entries not shown — call nexus_read to see them.)`)
    parts.push(...unread.map(renderLine))
  }
  if (checkpoint) parts.push(`Your latest working checkpoint, to resume from:`, renderLine(checkpoint))
  parts.push(`</${NEXUS_FENCE_TAG}>`)
  return parts.join('\n')
}

/**
 * Read before reply: each agent has a cursor in the log; before a turn it is shown the entries
 * OTHER agents appended since then (never its own), newest `injectCap` of them, and the cursor
 * moves past them only when the turn completes, so every entry is injected once. On the first
 * turn of a new session the agent's own latest checkpoint is added, so work interrupted in an
 * earlier session (a crash, a closed window) picks up where it stopped; later turns of the same
 * session already carry that context in their transcript.
 */
export class NexusTurnContext implements TurnContextProvider {
  readonly id = 'nexus'

  constructor(private readonly nexus: NexusLog) {}

  async provide(request: TurnContextRequest): Promise<TurnContextBlock | null> {
    const repository = this.nexus.repository
    const cursorFrom = repository.cursor(request.agentId)
    const unread = repository.unreadFor(request.agentId, cursorFrom, this.nexus.settings().injectCap)
    const checkpoint = request.turnIndex === 0 ? repository.latestOfType('checkpoint', request.agentId) : null
    if (unread.entries.length === 0 && checkpoint === null) return null
    const omitted = unread.total - unread.entries.length
    const detail: NexusBlockDetail = {
      agentId: request.agentId,
      cursorFrom,
      cursorTo: unread.entries.at(-1)?.seq ?? cursorFrom,
      seqs: unread.entries.map((entry) => entry.seq),
      omitted,
      checkpointSeq: checkpoint?.seq ?? null
    }
    return {
      providerId: this.id,
      fenceTag: NEXUS_FENCE_TAG,
      text: renderNexusBlock(unread.entries, omitted, checkpoint),
      detail
    }
  }

  onTurnCompleted(request: TurnContextRequest, block: TurnContextBlock | null): void {
    const detail = block?.providerId === this.id ? (block.detail as NexusBlockDetail | undefined) : undefined
    if (detail && detail.cursorTo > detail.cursorFrom)
      this.nexus.repository.advanceCursor(request.agentId, detail.cursorTo)
  }
}
