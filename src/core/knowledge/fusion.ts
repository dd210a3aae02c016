import type { KnowledgeMethod } from '../../shared/contract/knowledge'

/** Reciprocal rank fusion's constant: how much the first places count over the later ones. */
const RRF_K = 60

export interface RankedList {
  readonly ids: readonly number[]
  /** How much this list counts: a part-of-a-word match counts half a word match. */
  readonly weight: number
  readonly method: 'bm25' | 'vector'
}

export interface Fused {
  readonly id: number
  score: number
  lexical: boolean
  semantic: boolean
}

/**
 * Reciprocal rank fusion: each list adds weight / (k + rank) for each id it holds. Ranks, not
 * scores, are added, so BM25 scores and cosine similarities never have to be made comparable.
 */
export function fuse(lists: readonly RankedList[]): Map<number, Fused> {
  const fused = new Map<number, Fused>()
  for (const list of lists) {
    list.ids.forEach((id, rank) => {
      const entry = fused.get(id) ?? { id, score: 0, lexical: false, semantic: false }
      entry.score += list.weight / (RRF_K + rank + 1)
      if (list.method === 'bm25') entry.lexical = true
      else entry.semantic = true
      fused.set(id, entry)
    })
  }
  return fused
}

export function methodOf(entry: Fused): KnowledgeMethod {
  if (entry.lexical && entry.semantic) return 'hybrid'
  return entry.semantic ? 'vector' : 'bm25'
}

/** Added to an item holding the whole query verbatim: an exact phrase outranks any partial match. */
export const EXACT_PHRASE_BONUS = 1
