import type { KnowledgeKind } from '../../shared/contract/knowledge'
import type { SearchScope } from './searchScope'

/** The word indexes: every item's, and recall's own of facts and memory files (migration 0070). */
export type WordTable = 'knowledge_fts' | 'knowledge_recall_fts'

/** The kinds recall's word index holds; kept in step with migration 0070. */
export const RECALL_KINDS: readonly KnowledgeKind[] = ['fact', 'memory_file']

/**
 * Recall's index when the scope asks for nothing beyond the kinds it holds: its matches are
 * all of those kinds, and its counts are theirs, not a year of chat messages'.
 */
export function wordTable(scope: SearchScope): WordTable {
  const kinds = scope.kinds ?? []
  return kinds.length > 0 && kinds.every((kind) => RECALL_KINDS.includes(kind))
    ? 'knowledge_recall_fts'
    : 'knowledge_fts'
}
