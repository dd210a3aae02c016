import type { AgentId, Fact, ReviewCursor } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'

/** Every approved fact of one agent (a merge's targets), page by page to the end. */
export async function approvedFactsOf(api: ApiClient, agentId: AgentId): Promise<Fact[]> {
  const facts: Fact[] = []
  let after: ReviewCursor | null = null
  do {
    const page: { candidates: Fact[]; next: ReviewCursor | null } = await api.call('review.list', {
      agentId,
      status: 'approved',
      ...(after !== null ? { after } : {})
    })
    facts.push(...page.candidates)
    after = page.next
  } while (after !== null)
  return facts
}
