import { tokenOverlap } from '../memory/recallQuery'
import type { Embedder } from './embeddings/embedder'
import { SEARCH_EMBED_TIMEOUT_MS } from './knowledgeQuery'
import { cosine } from './vectors/quantize'

/** How alike two texts are (0–1): the cosine of their vectors when the endpoint answers, else word overlap. */
export async function textSimilarity(
  embedder: Embedder,
  a: string,
  b: string
): Promise<{ score: number; method: 'vector' | 'words' }> {
  const [left, right] = await Promise.all([
    embedder.embedQuery(a.slice(0, 2000), SEARCH_EMBED_TIMEOUT_MS),
    embedder.embedQuery(b.slice(0, 2000), SEARCH_EMBED_TIMEOUT_MS)
  ])
  if (left && right && left.length === right.length)
    return { score: Math.max(0, Math.min(1, cosine(left, right))), method: 'vector' }
  return { score: tokenOverlap(a, b), method: 'words' }
}
