import type { knowledgeMethods } from '../../shared/contract/knowledge'
import type { CoreServices } from '../coreServices'
import { testEmbeddings } from '../knowledge/embeddings/embeddingTest'
import type { FeatureHandlers } from './foundationHandlers'

/** The knowledge index: search, status, reindex, and the embedding endpoint's settings. */
export function knowledgeHandlers(services: CoreServices): FeatureHandlers<typeof knowledgeMethods> {
  const knowledge = services.knowledge
  const progress = (phase: 'words' | 'vectors') => async (done: number, total?: number) => {
    services.events.emit('knowledge.progress', {
      phase,
      done,
      total: total ?? done + knowledge.indexer.pending(),
      embeddings: await knowledge.embeddingStatus()
    })
  }
  return {
    'knowledge.search': async ({ query, kind, agentId, limit }) =>
      knowledge.search({
        text: query,
        limit: limit ?? 10,
        ...(kind && kind.length > 0 ? { kinds: kind } : {}),
        ...(agentId ? { agentId } : {})
      }),
    'knowledge.status': async () => knowledge.status(),
    'knowledge.reindex': async () => knowledge.reindex((done) => void progress('words')(done)),
    'knowledge.indexPending': async () => {
      knowledge.indexPending((done) => void progress('words')(done))
      await knowledge.embedPending((done, total) => void progress('vectors')(done, total))
      await knowledge.loadVectors()
      return knowledge.status()
    },
    'knowledge.setEmbeddings': async (input) => knowledge.configureEmbeddings(input),
    'knowledge.testEmbeddings': async (input) => testEmbeddings(knowledge.embeddingSettings, input)
  }
}
