import { FactStatus, type Fact, type ToolWrite } from '../../shared/contract/review'
import { conflict, invalidInput, notFound } from '../errors'
import type { EventHub } from '../events'
import type { FactStore } from './factStore'
import { scanRefusal, type ThreatScanner } from './memoryOperations'
import type { ToolWrites } from './toolWrites'
import type { AgentId } from '../../shared/contract'
import { FACT_PAGE_MAX, type ReviewCursor } from '../../shared/contract/factPages'
import { pageOf, reviewCursorOf, reviewPageQuery, type FactPage } from './factPages'

/**
 * The approval gate: the only way a retained candidate becomes recallable, and the only way a
 * memory write the agent asked for in "ask me first" mode gets made. Each decision is a legal
 * status transition recorded in the fact's history; nothing is ever deleted.
 */
export class ReviewService {
  private readonly approving = new Set<number>()

  constructor(
    private readonly facts: FactStore,
    private readonly scan: ThreatScanner,
    private readonly events: EventHub,
    private readonly toolWrites: ToolWrites
  ) {}

  list(filter: { agentId?: AgentId; status?: FactStatus; importId?: string }): Fact[] {
    return this.facts.list({ ...filter, status: filter.status ?? 'pending' })
  }

  /** One page of the list in the inbox's order (agent, chat, id), and where the next starts. */
  page(
    filter: { agentId?: AgentId; status?: FactStatus; importId?: string },
    page: { after?: ReviewCursor; limit?: number } = {}
  ): FactPage<ReviewCursor> {
    const query = reviewPageQuery(
      { ...filter, status: filter.status ?? 'pending' },
      page.after,
      page.limit ?? FACT_PAGE_MAX
    )
    return pageOf(this.facts.page(query), query, reviewCursorOf)
  }

  /**
   * Approves a pending candidate; edited text is recorded as an edit first and must pass the
   * strict scan. A memory-tool candidate's write is made first: if the file no longer allows it,
   * nothing changes and the candidate keeps waiting.
   */
  async approve(id: number, editedText?: string): Promise<Fact> {
    const fact = this.expect(id, ['pending'], 'approve')
    if (this.approving.has(id)) throw conflict(`Candidate ${id} is being approved already.`)
    const text = editedText?.trim()
    if (text !== undefined && text !== fact.text) this.assertClean(text)
    else if (fact.scanFailed) {
      throw invalidInput(
        `Fact ${id} failed the injection scan (${fact.scanFindings.join(', ')}); edit its text before approving it, so recall never repeats it to the model.`
      )
    }
    const write = fact.origin === 'tool' ? this.toolWrites.edited(fact, text) : null
    if (write !== null) await this.applyOnce(fact, write)
    if (text !== undefined && text !== fact.text)
      this.facts.update(id, { text, scanFindings: [], ...(write ? { toolWrite: write } : {}) }, 'edited')
    return this.announce(
      this.facts.update(id, { status: 'approved' }, 'approved', write ? { wrote: write.target } : {})
    )
  }

  /** The write waits for the file's lock; a second approval meanwhile must not make it twice. */
  private async applyOnce(fact: Fact, write: ToolWrite): Promise<void> {
    this.approving.add(fact.id)
    try {
      await this.toolWrites.apply(fact, write)
    } finally {
      this.approving.delete(fact.id)
    }
  }

  reject(id: number): Fact {
    this.expect(id, ['pending'], 'reject')
    return this.announce(this.facts.update(id, { status: 'rejected' }, 'rejected'))
  }

  /** Folds a pending candidate into an approved fact, which takes the merged text. */
  merge(id: number, intoId: number, mergedText: string): { candidate: Fact; target: Fact } {
    const candidate = this.expectMergeable(id)
    const target = this.expect(intoId, ['approved'], 'merge into')
    if (target.agentId !== candidate.agentId)
      throw invalidInput(`Fact ${intoId} belongs to agent "${target.agentId}", not "${candidate.agentId}".`)
    const text = this.assertClean(mergedText.trim())
    const updatedTarget = this.facts.update(intoId, { text }, 'merged', { candidate: id })
    const superseded = this.facts.update(id, { status: 'superseded', mergeTargetId: intoId }, 'merged', {
      into: intoId
    })
    this.announce(superseded)
    return { candidate: superseded, target: updatedTarget }
  }

  /**
   * Folds several pending candidates of one agent into the first one, which takes the merged
   * text and stays pending for the user to approve; the others are superseded by it.
   */
  mergeCandidates(
    ids: readonly number[],
    mergedText: string,
    options: { approve?: boolean } = {}
  ): { candidate: Fact; superseded: Fact[] } {
    const unique = [...new Set(ids)]
    if (unique.length < 2) throw invalidInput('Select at least two different candidates to merge.')
    const [first, ...rest] = unique.map((id) => this.expectMergeable(id)) as [Fact, ...Fact[]]
    const stranger = rest.find((fact) => fact.agentId !== first.agentId)
    if (stranger)
      throw invalidInput(
        `Candidates of different agents cannot be merged (${first.id} belongs to "${first.agentId}", ${stranger.id} to "${stranger.agentId}").`
      )
    const text = this.assertClean(mergedText.trim())
    const kept = this.facts.update(first.id, { text, scanFindings: [] }, 'merged', {
      candidates: rest.map((fact) => fact.id)
    })
    const superseded = rest.map((fact) =>
      this.facts.update(fact.id, { status: 'superseded', mergeTargetId: first.id }, 'merged', {
        into: first.id
      })
    )
    // Merged facts are never memory writes (refused above) and their text passed the scan, so
    // approving cannot fail here: the merge ends decided, not back in the inbox.
    const decided =
      options.approve === true ? this.facts.update(first.id, { status: 'approved' }, 'approved') : kept
    return { candidate: this.announce(decided), superseded }
  }

  /** Undoes a decision: a rejected or superseded fact goes back to the inbox, a forgotten one back to approved. */
  restore(id: number): Fact {
    const fact = this.expect(id, ['rejected', 'superseded', 'forgotten'], 'restore')
    const status: FactStatus = fact.status === 'forgotten' ? 'approved' : 'pending'
    return this.announce(this.facts.update(id, { status }, 'restored'))
  }

  /** Takes an approved fact back: never recalled again, kept with its history, restorable. */
  forget(id: number): Fact {
    this.expect(id, ['approved'], 'forget')
    return this.announce(this.facts.update(id, { status: 'forgotten' }, 'forgotten'))
  }

  /** Changes an approved fact's text (strict scan first); recall uses the new text from the next turn. */
  edit(id: number, newText: string): Fact {
    const fact = this.expect(id, ['approved'], 'edit')
    const text = this.assertClean(newText.trim())
    if (text === fact.text) return fact
    return this.announce(this.facts.update(id, { text, scanFindings: [] }, 'edited'))
  }

  suppress(id: number, suppressed: boolean): Fact {
    this.expect(id, ['approved'], suppressed ? 'suppress' : 'unsuppress')
    return this.announce(
      this.facts.update(id, { recallSuppressed: suppressed }, suppressed ? 'suppressed' : 'unsuppressed')
    )
  }

  /** "This is wrong": an approved fact stops being recalled and waits in the inbox again. */
  flagWrong(id: number): Fact {
    this.expect(id, ['approved'], 'flag')
    return this.announce(this.facts.update(id, { status: 'pending' }, 'flagged'))
  }

  /** A candidate or fact in any state. */
  get(id: number): Fact {
    return this.expect(id, FactStatus.options, 'read')
  }

  counts(): { pending: number; byAgent: Record<string, number> } {
    const byAgent = this.facts.pendingCounts()
    return { pending: Object.values(byAgent).reduce((sum, n) => sum + n, 0), byAgent }
  }

  private expect(id: number, allowed: readonly FactStatus[], verb: string): Fact {
    const fact = this.facts.get(id)
    if (!fact)
      throw notFound(`No memory fact with id ${id}. Run \`hearth review list\` to see the pending ones.`)
    if (!allowed.includes(fact.status)) {
      throw conflict(
        `Cannot ${verb} fact ${id}: it is ${fact.status} (only ${allowed.join(' or ')} facts can be).`
      )
    }
    return fact
  }

  /** A pending candidate that is a fact (a memory write the agent asked for is approved or rejected as a write). */
  private expectMergeable(id: number): Fact {
    const fact = this.expect(id, ['pending'], 'merge')
    if (fact.origin === 'tool')
      throw invalidInput(
        `Candidate ${id} is a memory write the agent asked to make; approve or reject it, it cannot be merged.`
      )
    return fact
  }

  private assertClean(text: string): string {
    if (text === '') throw invalidInput('A fact needs some text.')
    const refusal = scanRefusal(text, this.scan)
    if (refusal) throw invalidInput(refusal)
    return text
  }

  private announce(fact: Fact): Fact {
    this.events.emit('review.changed', {
      agentId: fact.agentId,
      pending: this.facts.pendingCounts()[fact.agentId] ?? 0
    })
    return fact
  }
}
