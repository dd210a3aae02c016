import type { AgentId } from '../../shared/contract'
/**
 * Finding what an agent knows, as a port: the memory tool's `recall`, the per-turn recall, the
 * `memory.recall` method and retention's merge proposals all ask a Retriever, never an index.
 * Async, so an implementation may embed the query, read a vector store or ask another process;
 * today's is BM25 over the memory bank's full-text index.
 */
export interface Retriever {
  /** Up to `query.limit` items, best first. An aborted `signal` rejects with its reason. */
  retrieve(query: RetrievalQuery): Promise<readonly RetrievedItem[]>
}

export interface RetrievalQuery {
  readonly agentId: AgentId
  readonly text: string
  readonly limit: number
  readonly signal?: AbortSignal
}

/** How an item was found, so a caller (or the Inspector) can tell lexical from semantic hits apart. */
export type RetrievalMethod = 'bm25'

/** Where an item came from, precisely enough to open, edit or forget it. */
export type Provenance =
  { readonly kind: 'fact'; readonly factId: number } | { readonly kind: 'file'; readonly slug: string }

export interface RetrievedItem {
  readonly text: string
  /** Higher is more relevant; comparable only within one method. */
  readonly score: number
  readonly method: RetrievalMethod
  readonly source: Provenance
}
