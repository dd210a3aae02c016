import type { AgentId, Fact, SessionId } from '../../../../shared/contract'

/** One group of the inbox: the candidates of one agent from one chat (or from no chat). */
export interface ReviewGroup {
  readonly agentId: AgentId
  readonly sessionId: SessionId | null
  readonly sessionTitle: string | null
  readonly items: { fact: Fact; index: number }[]
}

/** Candidates grouped by agent and source chat, keeping list order (indexes are the keyboard cursor's). */
export function groupBySource(candidates: readonly Fact[]): ReviewGroup[] {
  // Looked up by key, not searched: the list is regrouped on every page, over thousands of candidates.
  const groups = new Map<string, ReviewGroup>()
  candidates.forEach((fact, index) => {
    const key = `${fact.agentId} ${fact.sessionId === null ? '-' : `s${fact.sessionId}`}`
    const group = groups.get(key)
    if (group) group.items.push({ fact, index })
    else
      groups.set(key, {
        agentId: fact.agentId,
        sessionId: fact.sessionId,
        sessionTitle: fact.sessionTitle,
        items: [{ fact, index }]
      })
  })
  return [...groups.values()]
}
