import type { AgentId } from '../../shared/contract'
import type { Fact, FactEvent, ReviewDecision, ReviewDecisionKind } from '../../shared/contract/review'
import { conflict, invalidInput, notFound } from '../errors'
import type { EventHub } from '../events'
import type { FactStore } from './factStore'

/** The status a decision leaves its candidate in. */
const OUTCOME: Readonly<Record<ReviewDecisionKind, Fact['status']>> = {
  approved: 'approved',
  rejected: 'rejected',
  merged: 'superseded'
}

const FILE_NAME = { memory: 'MEMORY.md', user: 'USER.md' } as const

/** A merge as its events recorded it: the candidate, the fact it went into, and that fact's side. */
interface MergeRecord {
  readonly into: Fact
  /** The `merged` event on the fact merged into (its text before and after). */
  readonly intoEvent: FactEvent
  /** Every candidate that merge superseded (one for a merge into an approved fact). */
  readonly candidates: readonly number[]
}

/**
 * Review's history: the decisions made on an agent's candidates, each with Undo while nothing
 * has happened to it since. An undo is recorded as its own event (`undone`), so the history keeps
 * both the decision and its taking back; nothing is deleted.
 */
export class ReviewHistory {
  constructor(
    private readonly facts: FactStore,
    private readonly events: EventHub
  ) {}

  decided(agentId: AgentId | undefined, limit = 100): ReviewDecision[] {
    return this.facts.decisionEvents(agentId, limit).map((event) => this.describe(event))
  }

  /** Takes back the decision `eventId` recorded; refused in words when it no longer can be. */
  undo(eventId: number): { candidate: Fact; changed: Fact[] } {
    const event = this.facts.event(eventId)
    if (!event) throw notFound(`No decision with event id ${eventId} in the memory history.`)
    const decision = this.describe(event)
    if (decision.undoneAtMs !== null) throw conflict(`This ${decision.decision} decision was undone already.`)
    if (decision.undoBlocked !== null) throw conflict(decision.undoBlocked)
    const changed = this.facts.transaction(() =>
      decision.decision === 'merged' ? this.undoMerge(event) : [this.reopen(event.factId, event)]
    )
    this.announce(decision.candidate.agentId)
    const candidate = changed.find((fact) => fact.id === event.factId) as Fact
    return { candidate, changed }
  }

  private describe(event: FactEvent): ReviewDecision {
    const decision = decisionKind(event)
    const candidate = this.facts.require(event.factId)
    const history = this.facts.history(event.factId)
    // A merge of several candidates is undone as a whole, from whichever of them Undo was pressed on.
    const undone = history.find(
      (later) =>
        later.kind === 'undone' &&
        later.id > event.id &&
        (later.detail.event === event.id || (decision === 'merged' && later.detail.undid === 'merged'))
    )
    const merge = decision === 'merged' ? this.mergeRecord(event) : null
    return {
      eventId: event.id,
      decision,
      atMs: event.atMs,
      candidate,
      text: event.beforeText ?? candidate.text,
      merge: merge
        ? {
            intoId: merge.into.id,
            intoText: merge.intoEvent.afterText ?? '',
            intoBefore: merge.intoEvent.beforeText
          }
        : null,
      undoneAtMs: undone?.atMs ?? null,
      undoBlocked: undone ? null : this.blocker(event, decision, candidate, history, merge)
    }
  }

  /** Why Undo can no longer take the decision back, or null when it can. */
  private blocker(
    event: FactEvent,
    decision: ReviewDecisionKind,
    candidate: Fact,
    history: readonly FactEvent[],
    merge: MergeRecord | null
  ): string | null {
    const later = history.find((other) => other.id > event.id && movedStatus(other))
    if (later !== undefined || candidate.status !== OUTCOME[decision])
      return `It changed since (${later?.kind ?? candidate.status}); it is ${candidate.status} now.`
    const pin = history.filter((other) => other.kind === 'pinned' || other.kind === 'unpinned').at(-1)
    if (pin?.kind === 'pinned')
      return 'It is pinned to a memory file; unpin it in Memories first, then undo the approval.'
    const wrote = event.detail.wrote
    if (decision === 'approved' && (wrote === 'memory' || wrote === 'user'))
      return `This approval wrote to ${FILE_NAME[wrote]}; undo that write in Memories → Writes.`
    if (merge === null) return decision === 'merged' ? 'The fact it was merged into is gone.' : null
    if (merge.into.text !== merge.intoEvent.afterText)
      return `#${merge.into.id}, the fact it was merged into, was edited since; edit it by hand instead.`
    return null
  }

  /** The other side of a merge: the `merged` event on the fact it went into that names this candidate. */
  private mergeRecord(event: FactEvent): MergeRecord | null {
    const intoId = event.detail.into
    if (typeof intoId !== 'number') return null
    const into = this.facts.get(intoId)
    if (!into) return null
    const intoEvent = this.facts
      .history(intoId)
      .filter((other) => other.kind === 'merged' && other.id < event.id)
      .reverse()
      .find((other) => namesCandidate(other, event.factId))
    if (!intoEvent) return null
    const many = intoEvent.detail.candidates
    const candidates = Array.isArray(many) ? many.filter((id): id is number => typeof id === 'number') : []
    return { into, intoEvent, candidates: candidates.length > 0 ? candidates : [event.factId] }
  }

  private undoMerge(event: FactEvent): Fact[] {
    const merge = this.mergeRecord(event)
    if (merge === null) throw invalidInput('The other side of this merge was not found in the history.')
    const reopened = merge.candidates
      .map((id) => this.facts.require(id))
      .filter((fact) => fact.status === 'superseded' && fact.mergeTargetId === merge.into.id)
      .map((fact) => this.reopen(fact.id, event))
    const before = merge.intoEvent.beforeText
    const into =
      before === null
        ? merge.into
        : this.facts.update(merge.into.id, { text: before }, 'undone', {
            event: event.id,
            undid: 'merged',
            candidates: reopened.map((fact) => fact.id)
          })
    return [...reopened, into]
  }

  /** Back to the inbox; the recall index drops an approved fact by its own trigger. */
  private reopen(id: number, event: FactEvent): Fact {
    return this.facts.update(id, { status: 'pending' }, 'undone', {
      event: event.id,
      undid: decisionKind(event)
    })
  }

  private announce(agentId: AgentId): void {
    this.events.emit('review.changed', { agentId, pending: this.facts.pendingCounts()[agentId] ?? 0 })
  }
}

function decisionKind(event: FactEvent): ReviewDecisionKind {
  if (event.kind === 'approved' || event.kind === 'rejected') return event.kind
  if (event.kind === 'merged') return 'merged'
  throw invalidInput(`Event ${event.id} records "${event.kind}", which is not a Review decision.`)
}

/** Whether a `merged` event on the fact merged into names `candidate` (one candidate, or a list of them). */
function namesCandidate(event: FactEvent, candidate: number): boolean {
  const { candidate: one, candidates: many } = event.detail
  return one === candidate || (Array.isArray(many) && many.includes(candidate))
}

/** Whether an event changed the fact's status (each update records the status it moved from and to). */
function movedStatus(event: FactEvent): boolean {
  const { from, to } = event.detail
  return typeof from === 'string' && from !== to
}
