import type { MemoryService } from './memoryService'
import type { MemoryUseCases } from './memoryUseCases'

/** The hosts' face of memory over the service the composition root built (see MemoryUseCases). */
export function memoryUseCases(memory: MemoryService): MemoryUseCases {
  const { receipts, recalls, review, reviewHistory, memories, pinning, memoryFiles, retention } = memory
  return {
    show: (agentId, target) => memory.show(agentId, target),
    apply: (agentId, request) => memory.apply(agentId, request),
    sessionReceipts: (sessionId) => receipts.listBySession(sessionId),
    agentReceipts: (agentId, limit) => receipts.listByAgent(agentId, limit),
    undoWrite: (receiptId) => memory.undo.undo(receiptId),

    search: (agentId, query, k, signal) => memory.search(agentId, query, k, signal),
    lookup: (query, options) => memory.lookup(query, options),
    sessionRecalls: (sessionId) => recalls.listBySession(sessionId),

    reviewPage: (filter, page) => review.page(filter, page),
    candidate: (id) => review.get(id),
    reviewCounts: () => review.counts(),
    approveCandidate: (id, text) => review.approve(id, text),
    rejectCandidate: (id) => review.reject(id),
    mergeCandidate: (id, intoId, text) => review.merge(id, intoId, text),
    mergeCandidates: (ids, text, options) => review.mergeCandidates(ids, text, options),
    restoreCandidate: (id) => review.restore(id),
    suppressFact: (id, suppressed) => review.suppress(id, suppressed),
    flagWrong: (id) => review.flagWrong(id),
    factHistory: (id) => memory.facts.history(id),
    reviewDecisions: (agentId, limit) => reviewHistory.decided(agentId, limit),
    undoReviewDecision: (eventId) => reviewHistory.undo(eventId),

    memories: (agentId, query, limit) => memories.list(agentId, query, limit),
    factsPage: (agentId, status, query, page) => memories.factsPage(agentId, status, query, page),
    pinsOf: (agentId, facts) => memories.pinsOf(agentId, facts),
    memoryWrites: (agentId, limit) => memories.writes(agentId, limit),
    editFact: (id, text) => review.edit(id, text),
    forgetFact: (id) => review.forget(id),
    restoreFact: (id) => memory.restoreFact(id),
    pinFact: (factId, to, slug) => pinning.pin(factId, to, slug),
    unpinFact: (factId, from) => pinning.unpin(factId, from),
    readMemoryFile: (agentId, slug, forgotten) => memoryFiles.read(agentId, slug, forgotten),
    writeMemoryFile: (agentId, slug, text, baseHash) => memoryFiles.write(agentId, slug, text, baseHash),
    forgetMemoryFile: (agentId, slug) => memoryFiles.forget(agentId, slug),
    restoreMemoryFile: (agentId, slug) => memoryFiles.restore(agentId, slug),

    runRetention: (sessionId, options) => retention.run(sessionId, options),
    retentionRuns: (sessionIds) => retention.runsFor(sessionIds),
    pendingCount: (sessionId) => memory.facts.list({ sessionId, status: 'pending' }).length
  }
}
