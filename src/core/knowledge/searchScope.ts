import type { AgentId, KnowledgeKind } from '../../shared/contract'

/** Who is searching and for what kinds: the privacy rule every list of the search applies. */
export interface SearchScope {
  /** Search as this agent sees (its own items and everything shared); undefined: as the user, who sees all. */
  readonly agentId?: AgentId
  /** Only what everyone may see (the Nexus, project state, skills, USER.md): an MCP client bound to no agent. */
  readonly publicOnly?: boolean
  /** Only these kinds; undefined or empty: every kind. */
  readonly kinds?: readonly KnowledgeKind[]
}

/** A SQL condition on `knowledge_items` aliased `i`, with its parameters. */
export function scopeSql(scope: SearchScope): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  if (scope.publicOnly === true) parts.push("i.audience = 'everyone'")
  else if (scope.agentId !== undefined) {
    parts.push("(i.audience = 'everyone' OR (i.audience = 'agent' AND i.agent_id = ?))")
    params.push(scope.agentId)
  }
  if (scope.kinds && scope.kinds.length > 0) {
    parts.push(`i.kind IN (${scope.kinds.map(() => '?').join(', ')})`)
    params.push(...scope.kinds)
  }
  return { sql: parts.length > 0 ? parts.join(' AND ') : '1', params }
}

/** The same rule for one stored item. */
export function inScope(
  scope: SearchScope,
  item: { audience: string; agentId: string | null; kind: KnowledgeKind }
): boolean {
  if (scope.kinds && scope.kinds.length > 0 && !scope.kinds.includes(item.kind)) return false
  if (scope.publicOnly === true) return item.audience === 'everyone'
  if (scope.agentId === undefined) return true
  return item.audience === 'everyone' || (item.audience === 'agent' && item.agentId === scope.agentId)
}
