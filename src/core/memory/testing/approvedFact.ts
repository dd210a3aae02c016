import type { Core } from '../../createCore'
import type { AgentId } from '../../../shared/contract'

/**
 * Puts an approved fact straight into an agent's memory bank, as if the user had approved it in
 * Review; returns its id. For tests and the benchmarks, which need facts without a session.
 */
export function insertApprovedFact(core: Core, agentId: AgentId, text: string): number {
  return core.services.memory.facts.insert({
    agentId,
    status: 'approved',
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
