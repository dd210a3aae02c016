import type { memoryMethods } from '../../shared/contract/memory'
import type { memoriesMethods } from '../../shared/contract/memories'
import type { reviewMethods } from '../../shared/contract/review'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'
import { sessionEndSummaries } from './sessionEndSummaries'
import type { AgentId } from '../../shared/contract'

/** The memory tool on the user's behalf, receipts, the recall log, recall search and pinning. */
export function memoryHandlers(services: CoreServices): FeatureHandlers<typeof memoryMethods> {
  const { memory } = services
  return {
    'memory.show': async ({ agentId, target }) => memory.show(agentId, target),
    'memory.apply': async ({ agentId, target, action, content, oldText, operations }) =>
      memory.apply(agentId, { target, action, content, old_text: oldText, operations }),
    'memory.receipts': async ({ sessionId }) => ({ receipts: memory.sessionReceipts(sessionId) }),
    'memory.agentReceipts': async ({ agentId, limit }) => ({
      receipts: memory.agentReceipts(services.agents.get(agentId).id, limit ?? 20)
    }),
    'memory.undo': async ({ receiptId }) => memory.undoWrite(receiptId),
    'memory.recallsForSession': async ({ sessionId }) => ({
      recalls: memory.sessionRecalls(sessionId)
    }),
    'memory.recall': async ({ agentId, query, k }) => {
      services.agents.get(agentId)
      return { items: await memory.search(agentId, query, k) }
    },
    'memory.pin': async ({ factId, to, slug }) => memory.pinFact(factId, to, slug),
    'memory.unpin': async ({ factId, from }) => memory.unpinFact(factId, from)
  }
}

/** The review inbox: the approval gate between retained candidates and recall. */
export function reviewHandlers(services: CoreServices): FeatureHandlers<typeof reviewMethods> {
  const { memory } = services
  return {
    'review.list': async ({ agentId, status, importId, limit, after }) => {
      const page = memory.reviewPage(
        { ...(agentId ? { agentId } : {}), ...(status ? { status } : {}), ...(importId ? { importId } : {}) },
        { ...(limit ? { limit } : {}), ...(after ? { after } : {}) }
      )
      return { candidates: page.facts, next: page.next }
    },
    'review.approve': async ({ id, text }) => ({ candidate: await memory.approveCandidate(id, text) }),
    'review.reject': async ({ id }) => ({ candidate: memory.rejectCandidate(id) }),
    'review.merge': async ({ id, intoId, text }) => memory.mergeCandidate(id, intoId, text),
    'review.mergeCandidates': async ({ ids, text, approve }) =>
      memory.mergeCandidates(ids, text, approve === undefined ? {} : { approve }),
    'review.restore': async ({ id }) => ({ candidate: memory.restoreCandidate(id) }),
    'review.history': async ({ id }) => ({ events: memory.factHistory(id) }),
    'review.decided': async ({ agentId, limit }) => ({
      decisions: memory.reviewDecisions(
        agentId === undefined ? undefined : services.agents.get(agentId).id,
        limit
      )
    }),
    'review.undo': async ({ eventId }) => memory.undoReviewDecision(eventId),
    'review.get': async ({ id }) => ({ candidate: memory.candidate(id) }),
    'review.sessionEnds': async (filter) => ({ sessions: sessionEndSummaries(services, filter) }),
    'review.counts': async () => memory.reviewCounts(),
    'review.suppress': async ({ id, suppressed }) => ({ candidate: memory.suppressFact(id, suppressed) }),
    'review.flagWrong': async ({ id }) => ({ candidate: memory.flagWrong(id) })
  }
}

/** The Memories view: what an agent remembers, searchable, editable, forgettable and restorable. */
export function memoriesHandlers(services: CoreServices): FeatureHandlers<typeof memoriesMethods> {
  const { memory } = services
  const agent = (agentId: AgentId): AgentId => services.agents.get(agentId).id
  return {
    'memories.list': async ({ agentId, query, limit }) => memory.memories(agent(agentId), query, limit),
    'memories.facts': async ({ agentId, status, query, limit, after }) => {
      const id = agent(agentId)
      const page = memory.factsPage(id, status ?? 'approved', query ?? '', {
        ...(limit ? { limit } : {}),
        ...(after ? { after } : {})
      })
      return { items: page.facts, pins: memory.pinsOf(id, page.facts), next: page.next }
    },
    'memories.writes': async ({ agentId, limit }) => ({
      writes: memory.memoryWrites(agent(agentId), limit)
    }),
    'memories.editFact': async ({ id, text }) => ({ fact: memory.editFact(id, text) }),
    'memories.forgetFact': async ({ id }) => ({ fact: memory.forgetFact(id) }),
    'memories.restoreFact': async ({ id }) => ({ fact: memory.restoreFact(id) }),
    'memories.readFile': async ({ agentId, slug, forgotten }) =>
      memory.readMemoryFile(agent(agentId), slug, forgotten ?? false),
    'memories.writeFile': async ({ agentId, slug, text, baseHash }) =>
      memory.writeMemoryFile(agent(agentId), slug, text, baseHash),
    'memories.forgetFile': async ({ agentId, slug }) => ({
      file: memory.forgetMemoryFile(agent(agentId), slug)
    }),
    'memories.restoreFile': async ({ agentId, slug }) => ({
      file: memory.restoreMemoryFile(agent(agentId), slug)
    })
  }
}
