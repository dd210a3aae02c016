import type { KnowledgeHit } from '../../shared/contract/knowledge'
import type { IndexedHit } from './knowledgeSearch'
import type { RetrievalQuery, RetrievedItem, Retriever } from '../ports/retriever'
import { RECALL_EMBED_TIMEOUT_MS } from './knowledgeQuery'
import type { KnowledgeService } from './knowledgeService'

/** Longest text of a memory file's piece that recall hands to the model (the file stays whole on disk). */
const FILE_EXCERPT_CHARS = 600

/**
 * The knowledge index as the `Retriever` recall asks. Before each query the agent's changed
 * facts and its memory files are indexed (a few rows, a few stats), so an approval or an edit
 * counts at the very next turn; everything else is indexed in the background. Meaning search
 * waits at most RECALL_EMBED_TIMEOUT_MS, and not at all while the endpoint is failing.
 */
export function knowledgeRetriever(knowledge: KnowledgeService): Retriever {
  return {
    async retrieve(query: RetrievalQuery): Promise<readonly RetrievedItem[]> {
      query.signal?.throwIfAborted()
      if (query.limit <= 0) return []
      knowledge.refreshAgent(query.agentId)
      const everything = query.scope === 'everything'
      const result = await knowledge.searchIndexed({
        text: query.text,
        agentId: query.agentId,
        limit: query.limit,
        embedTimeoutMs: RECALL_EMBED_TIMEOUT_MS,
        withStatus: false,
        snippets: false,
        ...(everything ? {} : { kinds: ['fact', 'memory_file'] as const }),
        ...(query.signal ? { signal: query.signal } : {})
      })
      return result.results.map(retrievedItem)
    }
  }
}

function retrievedItem(hit: IndexedHit): RetrievedItem {
  const base = { score: hit.score, method: hit.method }
  if (hit.kind === 'fact')
    return { ...base, text: hit.text, source: { kind: 'fact', factId: Number(hit.id) } }
  if (hit.kind === 'memory_file') {
    const slug = /([^/]+)\.md$/.exec(hit.path ?? '')?.[1] ?? hit.id
    const text = hit.text.length > FILE_EXCERPT_CHARS ? `${hit.text.slice(0, FILE_EXCERPT_CHARS)}…` : hit.text
    return { ...base, text, source: { kind: 'file', slug } }
  }
  return { ...base, text: hit.text, source: { kind: 'other', knowledgeKind: hit.kind, label: label(hit) } }
}

function label(hit: KnowledgeHit): string {
  switch (hit.kind) {
    case 'nexus':
      return `Nexus ${hit.title}`
    case 'message':
      return `chat ${hit.sessionId ?? ''}, message ${hit.messageId ?? ''} (${hit.title})`
    default:
      return hit.path ?? hit.title
  }
}
