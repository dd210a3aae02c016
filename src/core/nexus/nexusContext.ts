import type { AgentId, SessionId } from '../../shared/contract'
import type { NexusEntry } from '../../shared/contract/nexus'
import type { TurnContextBlock, TurnContextProvider, TurnContextRequest } from '../ports/turnContext'
import { NEXUS_FENCE_TAG, renderNexusBlock, type ChangedState, type OmittedSummary } from './nexusBlock'
import type { NexusLog } from './nexusLog'

export { NEXUS_FENCE_TAG, renderNexusBlock } from './nexusBlock'

/**
 * Conflicts (newest first) and entries awaiting acknowledgement (oldest first) shown one by one
 * per turn; the rest are counted in a line. A year of them would not fit in a prompt, and every
 * turn would send them all again uncached.
 */
const CONFLICTS_SHOWN = 5
const AWAITING_SHOWN = 10

/** What `onTurnCompleted` needs to move the marks; also shown in the UI. */
export interface NexusBlockDetail {
  readonly agentId: AgentId
  readonly cursorFrom: number
  /** Highest seq of the unread entries (shown or summarised); the cursor moves here when the turn completes. */
  readonly cursorTo: number
  readonly seqs: readonly number[]
  /** Unread entries summarised in one line instead of shown. */
  readonly omitted: number
  readonly checkpointSeq: number | null
  /** Entries awaiting this agent's acknowledgement (always shown, whatever the volume). */
  readonly awaitingSeqs: readonly number[]
  /** Unresolved conflicts this agent is part of, as [first, second]. */
  readonly conflicts: readonly (readonly [number, number])[]
  /** The project-state version shown (marked seen when the turn completes). */
  readonly stateVersion: number | null
  readonly nudged: boolean
}

/** What the per-turn block needs besides the log. */
export interface NexusContextSources {
  /** The line asking for a checkpoint, when one is due for this session. */
  readonly nudgeFor: (sessionId: SessionId) => string | null
  /** The project state's current text. */
  readonly stateText: () => string
}

/**
 * Read before reply. Before each turn an agent is shown, in order: conflicts it is part of
 * (until a resolution settles them), entries awaiting its acknowledgement (never pushed out by
 * other entries; past a page, the oldest are shown and the rest counted), the project state when it changed since the agent last saw it, a nudge to write a
 * checkpoint when one is due, its latest checkpoint on the first turn of a new session, and the
 * newest `injectCap` entries others wrote since its last turn with the rest summarised in one
 * line. Its cursor and marks move only when the turn completes, so nothing is lost to a failure.
 */
export class NexusTurnContext implements TurnContextProvider {
  readonly id = 'nexus'

  constructor(
    private readonly nexus: NexusLog,
    private readonly sources: NexusContextSources
  ) {}

  async provide(request: TurnContextRequest): Promise<TurnContextBlock | null> {
    const { repository } = this.nexus
    const agent = request.agentId
    const cursorFrom = repository.cursor(agent)
    const conflictPage = this.nexus.ledger.openInvolvingPage(agent, CONFLICTS_SHOWN)
    const conflicts = conflictPage.conflicts
    const awaitingPage = this.nexus.acks.awaitingPage(agent, AWAITING_SHOWN)
    const awaiting = awaitingPage.entries
    const awaitingSeqs = new Set(awaiting.map((entry) => entry.seq))
    const cap = this.nexus.settings().injectCap
    const fetched = repository.unreadFor(agent, cursorFrom, cap + awaiting.length)
    const unread = fetched.filter((entry) => !awaitingSeqs.has(entry.seq)).slice(-cap)
    const omitted = this.omitted(agent, cursorFrom, [...unread.map((entry) => entry.seq), ...awaitingSeqs])
    const state = this.changedState(agent)
    const nudge = this.sources.nudgeFor(request.sessionId)
    const checkpoint = request.turnIndex === 0 ? repository.latestOfType('checkpoint', agent) : null
    const text = renderNexusBlock({
      conflicts,
      conflictsTotal: conflictPage.total,
      awaiting,
      awaitingTotal: awaitingPage.total,
      state,
      nudge,
      checkpoint,
      unread,
      omitted
    })
    if (text === null) return null
    const detail: NexusBlockDetail = {
      agentId: agent,
      cursorFrom,
      cursorTo: fetched.at(-1)?.seq ?? cursorFrom,
      seqs: unread.map((entry) => entry.seq),
      omitted: omitted.count,
      checkpointSeq: checkpoint?.seq ?? null,
      awaitingSeqs: [...awaitingSeqs],
      conflicts: conflicts.map((conflict) => [conflict.first.seq, conflict.second.seq] as const),
      stateVersion: state?.version ?? null,
      nudged: nudge !== null
    }
    return { providerId: this.id, fenceTag: NEXUS_FENCE_TAG, text, detail }
  }

  onTurnCompleted(request: TurnContextRequest, block: TurnContextBlock | null): void {
    const detail = block?.providerId === this.id ? (block.detail as NexusBlockDetail | undefined) : undefined
    if (!detail) return
    if (detail.cursorTo > detail.cursorFrom)
      this.nexus.repository.advanceCursor(request.agentId, detail.cursorTo)
    if (detail.stateVersion !== null) this.nexus.marks.set(request.agentId, 'state-seen', detail.stateVersion)
  }

  /** The project state's newest version, when someone else saved it after this agent last saw it. */
  private changedState(agent: string): ChangedState | null {
    const latest: NexusEntry | undefined = this.nexus.repository.ofType('state', 0, 1).at(-1)
    if (!latest) return null
    const seen = this.nexus.marks.get(agent, 'state-seen') ?? 0
    if (latest.seq <= seen) return null
    if (latest.agent === agent) {
      this.nexus.marks.set(agent, 'state-seen', latest.seq)
      return null
    }
    return { version: latest.seq, author: latest.agent, text: this.sources.stateText() }
  }

  private omitted(agent: string, cursor: number, shown: readonly number[]): OmittedSummary {
    const rows = this.nexus.repository.unreadBreakdown(agent, cursor, shown)
    const byType = new Map<string, number>()
    for (const row of rows) byType.set(row.type, (byType.get(row.type) ?? 0) + row.count)
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      byType: [...byType].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
      authors: [...new Set(rows.map((row) => row.agent))]
    }
  }
}
