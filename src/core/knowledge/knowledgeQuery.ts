import type { AgentId, KnowledgeKind } from '../../shared/contract'
import type { EmbeddingStatus, KnowledgeSearchResult } from '../../shared/contract/knowledge'
import type { IndexedHit } from './knowledgeSearch'

/*
 * What a search of the knowledge index asks and gets inside the core, and how long it waits.
 */

/** How long an interactive search waits for its query's vector before going on with words alone. */
export const SEARCH_EMBED_TIMEOUT_MS = 3000
/** The same for per-turn recall: a turn never waits longer than this for meaning search. */
export const RECALL_EMBED_TIMEOUT_MS = 800
/** How long a search from the app or MCP indexes pending changes first; the rest goes on in the background. */
export const SEARCH_INDEX_BUDGET_MS = 250
/**
 * How old a scan of files on disk a search accepts. Edits made through Hearth rescan at once
 * (`files.changed`); an edit in another program is found by the searches after this.
 */
export const SEARCH_FILES_MAX_AGE_MS = 2_000

export interface KnowledgeQuery {
  readonly text: string
  readonly kinds?: readonly KnowledgeKind[]
  readonly agentId?: AgentId
  /** Only what everyone may see (an MCP client bound to no agent). */
  readonly publicOnly?: boolean
  readonly limit: number
  /** How long to wait for the query's vector; 0 skips meaning search. */
  readonly embedTimeoutMs?: number
  readonly signal?: AbortSignal
  /** Whether to report the endpoint's status (reads the secret store); recall does not need it. */
  readonly withStatus?: boolean
  /** Whether hits carry a marked snippet (default); recall hands the model the whole text instead. */
  readonly snippets?: boolean
}

/** What a search inside the core gets: hits with their whole text. */
export interface IndexedSearchResult extends Omit<KnowledgeSearchResult, 'results' | 'embeddings'> {
  readonly results: IndexedHit[]
  readonly embeddings: EmbeddingStatus | null
}
