/**
 * Meaning similarity between Nexus decisions, as a port the knowledge layer implements when an
 * embedding endpoint is configured. The Nexus's conflict check uses it to find decisions on the
 * same subject worded differently ("notes live in SQLite" / "keep notes as plain files"); it
 * still needs a disagreement in the words before it flags anything. Without an implementation,
 * or while embeddings are not configured, subjects are matched on shared key terms only.
 */
export interface DecisionSimilarity {
  /** Whether an embedding model is configured now (cheap; lets the check skip its reads when not). */
  configured?(): Promise<boolean>
  /**
   * The similarity (0–1, cosine of the embeddings) of `text` to each candidate, by the
   * candidate's seq; null when no embedding model is configured right now. May leave out
   * candidates it could not embed. An aborted `signal` rejects; so does an endpoint that is
   * configured but failing or too slow, with why (the check then keeps to key terms and says so).
   */
  similarities(
    text: string,
    candidates: readonly DecisionCandidate[],
    signal?: AbortSignal
  ): Promise<ReadonlyMap<number, number> | null>
}

export interface DecisionCandidate {
  readonly seq: number
  readonly text: string
}
