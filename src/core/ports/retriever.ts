import type { AgentId, KnowledgeKind } from '../../shared/contract'
/**
 * Finding what an agent knows, as a port: the memory tool's `recall`, the per-turn recall, the
 * `memory.recall` method and retention's merge proposals all ask a Retriever, never an index.
 * Async, so an implementation may embed the query, read a vector store or ask another process;
 * today's is the knowledge index (words, and meaning when an embedding endpoint is set).
 */
export interface Retriever {
  /** Up to `query.limit` items, best first. An aborted `signal` rejects with its reason. */
  retrieve(query: RetrievalQuery): Promise<readonly RetrievedItem[]>
}

export interface RetrievalQuery {
  readonly agentId: AgentId
  readonly text: string
  readonly limit: number
  /**
   * `memory` (the default): the agent's approved facts and memory files, what per-turn recall
   * shows. `everything`: all the agent may see (its chats and MEMORY.md too, the Nexus, the
   * project state, skills), what the `recall` tool searches.
   */
  readonly scope?: 'memory' | 'everything'
  readonly signal?: AbortSignal
}

/** How an item was found, so a caller (or the Inspector) can tell lexical from semantic hits apart. */
export type RetrievalMethod = 'bm25' | 'vector' | 'hybrid'

/** Where an item came from, precisely enough to open, edit or forget it. */
export type Provenance =
  | { readonly kind: 'fact'; readonly factId: number }
  | { readonly kind: 'file'; readonly slug: string }
  | {
      readonly kind: 'other'
      readonly knowledgeKind: KnowledgeKind
      /** Where to find it, in a few words: "Nexus decision #12", "chat “Trip” message 40", "skills/x/SKILL.md". */
      readonly label: string
    }

export interface RetrievedItem {
  readonly text: string
  /** Higher is more relevant; comparable only within one query. */
  readonly score: number
  readonly method: RetrievalMethod
  readonly source: Provenance
}
