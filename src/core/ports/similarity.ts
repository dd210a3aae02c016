/**
 * How alike two texts are, for a feature that compares texts (the Nexus's conflict detection,
 * merge proposals): one measure for the whole app. The knowledge index implements it.
 */
export interface TextSimilarity {
  /**
   * 0–1. `vector`: the cosine of the two texts' embeddings (an endpoint is configured and
   * answered); `words`: the share of the shorter text's content words found in the other.
   */
  similarity(a: string, b: string): Promise<{ readonly score: number; readonly method: 'vector' | 'words' }>
}
