import type { Core } from '../../createCore'
import type { AgentId } from '../../../shared/contract'

/**
 * Puts an approved fact straight into an agent's memory bank, as if the user had approved it in
 * Review; returns its id. For tests and the benchmarks, which need facts without a session.
 */
export function insertApprovedFact(core: Core, agentId: AgentId, text: string): number {
  return insertUserFact(core, agentId, text, 'approved')
}

/** Puts a candidate in the review inbox, as retention would leave it; returns its id. */
export function insertPendingCandidate(core: Core, agentId: AgentId, text: string): number {
  return insertUserFact(core, agentId, text, 'pending')
}

function insertUserFact(core: Core, agentId: AgentId, text: string, status: 'approved' | 'pending'): number {
  return core.internals.memory.facts.insert({
    agentId,
    status,
    type: 'project_fact',
    speaker: 'user',
    text,
    entities: [],
    quote: '',
    sessionId: null,
    messageId: null,
    scanFindings: [],
    mergeTargetId: null,
    mergeKind: null,
    origin: 'user'
  }).id
}
