import type { Fact, FactStatus } from '../../shared/contract/review'
import { conflict, invalidInput, notFound } from '../errors'
import type { EventHub } from '../events'
import type { FactStore } from './factStore'
import { scanRefusal, type ThreatScanner } from './memoryOperations'

/**
 * The approval gate: the only way a retained candidate becomes recallable. Each decision is a
 * legal status transition recorded in the fact's history; nothing is ever deleted.
 */
export class ReviewService {
  constructor(
    private readonly facts: FactStore,
    private readonly scan: ThreatScanner,
    private readonly events: EventHub
  ) {}

  list(filter: { agentId?: string; status?: FactStatus }): Fact[] {
    return this.facts.list({ ...filter, status: filter.status ?? 'pending' })
  }

  /** Approves a pending candidate; edited text is recorded as an edit first and must pass the strict scan. */
  approve(id: number, editedText?: string): Fact {
    const fact = this.expect(id, ['pending'], 'approve')
    const text = editedText?.trim()
    if (text !== undefined && text !== fact.text) {
      this.assertClean(text)
      this.facts.update(id, { text, scanFindings: [] }, 'edited')
    } else if (fact.scanFailed) {
      throw invalidInput(
        `Fact ${id} failed the injection scan (${fact.scanFindings.join(', ')}); edit its text before approving it, so recall never repeats it to the model.`
      )
    }
    return this.announce(this.facts.update(id, { status: 'approved' }, 'approved'))
  }

  reject(id: number): Fact {
    this.expect(id, ['pending'], 'reject')
    return this.announce(this.facts.update(id, { status: 'rejected' }, 'rejected'))
  }

  /** Folds a pending candidate into an approved fact, which takes the merged text. */
  merge(id: number, intoId: number, mergedText: string): { candidate: Fact; target: Fact } {
    const candidate = this.expect(id, ['pending'], 'merge')
    const target = this.expect(intoId, ['approved'], 'merge into')
    if (target.agentId !== candidate.agentId) throw invalidInput(`Fact ${intoId} belongs to agent "${target.agentId}", not "${candidate.agentId}".`)
    const text = mergedText.trim()
    this.assertClean(text)
    const updatedTarget = this.facts.update(intoId, { text }, 'merged', { candidate: id })
    const superseded = this.facts.update(id, { status: 'superseded', mergeTargetId: intoId }, 'merged', { into: intoId })
    this.announce(superseded)
    return { candidate: superseded, target: updatedTarget }
  }

  /** Brings a rejected or superseded fact back to the inbox. */
  restore(id: number): Fact {
    this.expect(id, ['rejected', 'superseded'], 'restore')
    return this.announce(this.facts.update(id, { status: 'pending' }, 'restored'))
  }

  suppress(id: number, suppressed: boolean): Fact {
    this.expect(id, ['approved'], suppressed ? 'suppress' : 'unsuppress')
    return this.announce(this.facts.update(id, { recallSuppressed: suppressed }, suppressed ? 'suppressed' : 'unsuppressed'))
  }

  /** "This is wrong": an approved fact stops being recalled and waits in the inbox again. */
  flagWrong(id: number): Fact {
    this.expect(id, ['approved'], 'flag')
    return this.announce(this.facts.update(id, { status: 'pending' }, 'flagged'))
  }

  counts(): { pending: number; byAgent: Record<string, number> } {
    const byAgent = this.facts.pendingCounts()
    return { pending: Object.values(byAgent).reduce((sum, n) => sum + n, 0), byAgent }
  }

  private expect(id: number, allowed: readonly FactStatus[], verb: string): Fact {
    const fact = this.facts.get(id)
    if (!fact) throw notFound(`No memory fact with id ${id}. Run \`hearth review list\` to see the pending ones.`)
    if (!allowed.includes(fact.status)) {
      throw conflict(`Cannot ${verb} fact ${id}: it is ${fact.status} (only ${allowed.join(' or ')} facts can be).`)
    }
    return fact
  }

  private assertClean(text: string): void {
    if (text === '') throw invalidInput('A fact needs some text.')
    const refusal = scanRefusal(text, this.scan)
    if (refusal) throw invalidInput(refusal)
  }

  private announce(fact: Fact): Fact {
    this.events.emit('review.changed', { agentId: fact.agentId, pending: this.facts.pendingCounts()[fact.agentId] ?? 0 })
    return fact
  }
}
