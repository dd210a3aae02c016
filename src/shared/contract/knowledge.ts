import { z } from 'zod'
import { BaseUrl } from './baseUrl'
import { method } from './define'
import { AgentId, MessageId, SessionId } from './ids'

/**
 * What the knowledge index holds: approved facts, memory files, MEMORY.md entries, USER.md
 * entries, session messages, Nexus entries, the project state, skills and compiled wiki pages.
 */
export const KnowledgeKind = z.enum([
  'fact',
  'memory_file',
  'memory_entry',
  'user_entry',
  'message',
  'nexus',
  'project_state',
  'skill',
  'wiki'
])
export type KnowledgeKind = z.infer<typeof KnowledgeKind>

/** How a hit was found: words alone, meaning alone, or both fused. */
export const KnowledgeMethod = z.enum(['bm25', 'vector', 'hybrid'])
export type KnowledgeMethod = z.infer<typeof KnowledgeMethod>

/** The longest query read; a longer one is cut there (said in `notice`), never refused. */
export const KNOWLEDGE_QUERY_MAX = 10_000

/** One hit with everything a client needs to open its source. */
export const KnowledgeHit = z.object({
  kind: KnowledgeKind,
  /** The source's key within its kind: a fact id, a message id, a Nexus entry id, or a path. */
  id: z.string(),
  agentId: AgentId.nullable(),
  sessionId: SessionId.nullable(),
  messageId: MessageId.nullable(),
  nexusId: z.string().nullable(),
  seq: z.number().int().nullable(),
  /** Relative to the home, for file kinds (memory files, MEMORY.md, USER.md, skills, wiki pages). */
  path: z.string().nullable(),
  /** Which piece of a long source matched (0-based), and how many pieces it has. */
  chunk: z.number().int(),
  ts: z.number(),
  title: z.string(),
  /** Plain text around the hit; matched words between `[` and `]`. */
  snippet: z.string(),
  /** The same snippet cut into plain and matched runs, for a UI that marks them itself. */
  parts: z.array(z.object({ text: z.string(), hit: z.boolean() })),
  /** Higher is better; comparable within one search. */
  score: z.number(),
  method: KnowledgeMethod
})
export type KnowledgeHit = z.infer<typeof KnowledgeHit>

/** The embedding endpoint as the index sees it now. */
export const EmbeddingStatus = z.object({
  /** `off`: no endpoint configured (words only); `ok`; `failing`: the last call failed (see `error`). */
  state: z.enum(['off', 'ok', 'failing']),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  dims: z.number().int().nullable(),
  /** What went wrong last, naming the endpoint; null when nothing did. */
  error: z.string().nullable(),
  /** Epoch ms of the next try while failing (calls back off); null otherwise. */
  retryAtMs: z.number().nullable(),
  keyConfigured: z.boolean(),
  keySource: z.enum(['saved', 'environment', 'none'])
})
export type EmbeddingStatus = z.infer<typeof EmbeddingStatus>

export const KnowledgeStatus = z.object({
  items: z.number().int(),
  /** Sources noted as changed but not indexed yet. */
  pending: z.number().int(),
  /** Items with a vector of the configured model; equals `items` when embedding is done. */
  embedded: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  embeddings: EmbeddingStatus,
  /** One line for the UI: what search uses now and what is still being done. */
  summary: z.string()
})
export type KnowledgeStatus = z.infer<typeof KnowledgeStatus>

export const KnowledgeSearchInput = z.object({
  query: z.string().max(1_000_000),
  kind: z.array(KnowledgeKind).optional(),
  /** Search as this agent sees: its own facts, files and chats, and everything shared. Unset: as the user. */
  agentId: AgentId.optional(),
  limit: z.number().int().min(1).max(100).optional()
})

export const KnowledgeSearchResult = z.object({
  results: z.array(KnowledgeHit),
  /** Set when the query was cut, had no searchable word, or meaning search was skipped (and why). */
  notice: z.string().nullable(),
  embeddings: EmbeddingStatus
})
export type KnowledgeSearchResult = z.infer<typeof KnowledgeSearchResult>

export const EmbeddingSettingsInput = z.object({
  /** Ends before `/embeddings`, e.g. `http://127.0.0.1:11434/v1`; null turns meaning search off. */
  baseUrl: BaseUrl.nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  /** A new key for that origin; omitted keeps the saved one, '' deletes it. */
  apiKey: z.string().max(4000).optional()
})

export const EmbeddingTestResult = z.object({
  ok: z.boolean(),
  dims: z.number().int().nullable(),
  ms: z.number(),
  message: z.string()
})

export const knowledgeMethods = {
  /** Hybrid search over every kind the caller may see, best first, each hit with its provenance. */
  'knowledge.search': method(KnowledgeSearchInput, KnowledgeSearchResult),
  'knowledge.status': method(z.object({}), KnowledgeStatus),
  /** Drops the index and builds it again in the background (progress in `knowledge.progress`). */
  'knowledge.reindex': method(z.object({}), KnowledgeStatus),
  /** Indexes everything pending now (words at once; vectors as far as the endpoint answers). */
  'knowledge.indexPending': method(z.object({}), KnowledgeStatus),
  'knowledge.setEmbeddings': method(EmbeddingSettingsInput, KnowledgeStatus),
  /** Embeds one short text with the given (or saved) endpoint and says what came back. */
  'knowledge.testEmbeddings': method(EmbeddingSettingsInput.partial(), EmbeddingTestResult)
} as const

export const KnowledgeProgress = z.object({
  /** `loading`: stored vectors being read into memory (meaning search waits for it; words do not). */
  phase: z.enum(['words', 'vectors', 'loading', 'idle']),
  done: z.number().int(),
  total: z.number().int(),
  embeddings: EmbeddingStatus
})
export type KnowledgeProgress = z.infer<typeof KnowledgeProgress>

export const knowledgeEvents = {
  'knowledge.progress': KnowledgeProgress
} as const
