import type { MergeKind } from '../../shared/contract/review'
import { tokenOverlap } from './recallQuery'
import type { AgentId } from '../../shared/contract'

/** Approved facts of an agent that FTS finds similar to a text, best first. */
export type SimilarFacts = (
  agentId: AgentId,
  text: string
) => Promise<readonly { readonly id: number; readonly text: string }[]>

/** Share of shared meaningful words above which two facts are about the same thing. */
const RELATED = 0.5
/** …and above which they say the same thing. */
const SAME = 0.9

/**
 * Decides whether a candidate should be proposed as a merge with an approved fact: nearly the
 * same words → a duplicate; a large overlap with different details (the same subject, another
 * value: "prefers tabs" / "prefers spaces") → a possible contradiction. The user decides.
 */
export function proposeMerge(
  similar: readonly { id: number; text: string }[],
  text: string
): { id: number; kind: MergeKind } | null {
  let best: { id: number; overlap: number } | null = null
  for (const fact of similar) {
    const overlap = tokenOverlap(text, fact.text)
    if (overlap >= RELATED && (!best || overlap > best.overlap)) best = { id: fact.id, overlap }
  }
  if (!best) return null
  return { id: best.id, kind: best.overlap >= SAME ? 'duplicate' : 'contradiction' }
}
