import type { DecisionCandidate, DecisionSimilarity } from '../ports/decisionSimilarity'
import type { Embedder } from './embeddings/embedder'
import { cosine } from './vectors/quantize'

/** How long one embedding call for the Nexus's conflict check may take before words alone decide. */
export const DECISION_EMBED_TIMEOUT_MS = 5_000
/** Decisions' vectors kept in memory: the same open decisions are compared with every new one. */
const CACHED_VECTORS = 2_000

/** Thrown when embeddings are configured but the endpoint did not answer (said in the conflicts' reason). */
export class SimilarityUnavailable extends Error {}

/**
 * The knowledge layer's embeddings as the Nexus's meaning similarity between decisions: the
 * cosine of their vectors from the configured endpoint. Off (null) while no endpoint is set; a
 * failing or slow endpoint rejects after the timeout with why, so the conflict check carries on
 * with key terms and says so, and the embedder's back-off keeps later checks from waiting again.
 */
export class EmbeddingDecisionSimilarity implements DecisionSimilarity {
  private readonly vectors = new Map<string, Float32Array | null>()

  constructor(
    private readonly embedder: Pick<Embedder, 'status' | 'embedTexts'>,
    private readonly timeoutMs = DECISION_EMBED_TIMEOUT_MS
  ) {}

  async configured(): Promise<boolean> {
    return (await this.embedder.status()).state !== 'off'
  }

  async similarities(
    text: string,
    candidates: readonly DecisionCandidate[],
    signal?: AbortSignal
  ): Promise<ReadonlyMap<number, number> | null> {
    if (!(await this.configured())) return null
    const missing = [...new Set([text, ...candidates.map((candidate) => candidate.text)])].filter(
      (each) => !this.vectors.has(each)
    )
    if (missing.length > 0) {
      const vectors = await this.embedder.embedTexts(missing, this.timeoutMs, signal)
      if (vectors === null) {
        const status = await this.embedder.status()
        if (status.state === 'off') return null
        throw new SimilarityUnavailable(status.error ?? 'the embedding endpoint did not answer')
      }
      missing.forEach((each, index) => this.remember(each, vectors[index] ?? null))
    }
    const own = this.vectors.get(text)
    const scores = new Map<number, number>()
    if (!own) return scores
    for (const candidate of candidates) {
      const other = this.vectors.get(candidate.text)
      if (other && other.length === own.length)
        scores.set(candidate.seq, Math.max(0, Math.min(1, cosine(own, other))))
    }
    return scores
  }

  private remember(text: string, vector: Float32Array | null): void {
    if (this.vectors.size >= CACHED_VECTORS) this.vectors.delete(this.vectors.keys().next().value as string)
    this.vectors.set(text, vector)
  }
}

/**
 * A similarity port handed to a service built before the knowledge layer (the composition root
 * builds the Nexus first): answers "not configured" until `bind` gives it the real one.
 */
export function lateSimilarity(): { port: DecisionSimilarity; bind(real: DecisionSimilarity): void } {
  let real: DecisionSimilarity | null = null
  return {
    port: {
      configured: async () => (real?.configured ? real.configured() : real !== null),
      similarities: async (text, candidates, signal) =>
        real ? real.similarities(text, candidates, signal) : null
    },
    bind(given) {
      real = given
    }
  }
}
