import type { NexusConflict, NexusEntry } from '../../shared/contract/nexus'

export interface ConflictOptions {
  /** Two decisions further apart than this are history, not a conflict. */
  readonly windowMs: number
  /** Word-set Jaccard similarity at or above which two decisions are about the same topic. */
  readonly threshold: number
}

export const DEFAULT_SIMILARITY_THRESHOLD = 0.4

/** Words too common to say anything about a topic. */
const STOPWORDS = new Set(
  'the a an and or but of to in on for with by at from as is are was were be been it its this that these those we our use using will should not no do does than then into over via per all any'.split(
    ' '
  )
)

/** The topic words of a decision: its summary and rationale, lowercased, without stopwords. */
export function topicWords(entry: Pick<NexusEntry, 'summary' | 'rationale'>): Set<string> {
  const text = `${entry.summary} ${entry.rationale ?? ''}`.toLowerCase()
  return new Set(
    (text.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? []).filter(
      (word) => word.length > 1 && !STOPWORDS.has(word)
    )
  )
}

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared / (a.size + b.size - shared)
}

/**
 * Pairs of decisions by different authors, within the window of each other, that share a
 * reference or whose words overlap enough. Each pair is reported once (earlier entry first)
 * with the seq of the `resolution` entry that references both, if any.
 */
export function findConflicts(
  decisions: readonly NexusEntry[],
  resolutions: readonly NexusEntry[],
  options: ConflictOptions
): NexusConflict[] {
  const ordered = [...decisions].sort((a, b) => a.seq - b.seq)
  const words = new Map(ordered.map((entry) => [entry.seq, topicWords(entry)]))
  const conflicts: NexusConflict[] = []
  for (let i = 0; i < ordered.length; i++) {
    const first = ordered[i] as NexusEntry
    for (let j = i + 1; j < ordered.length; j++) {
      const second = ordered[j] as NexusEntry
      if (Math.abs(writtenAt(second) - writtenAt(first)) > options.windowMs || second.agent === first.agent)
        continue
      const sharedRefs = first.refs.filter((ref) => second.refs.includes(ref))
      const similarity = jaccard(words.get(first.seq) as Set<string>, words.get(second.seq) as Set<string>)
      if (sharedRefs.length === 0 && similarity < options.threshold) continue
      const resolvedBy =
        resolutions.find((entry) => entry.refs.includes(first.seq) && entry.refs.includes(second.seq))?.seq ??
        null
      conflicts.push({
        first,
        second,
        sharedRefs,
        similarity: Math.round(similarity * 1000) / 1000,
        resolvedBy
      })
    }
  }
  return conflicts
}

/** When a decision was written, wherever: an entry synced or imported later keeps its own time. */
function writtenAt(entry: NexusEntry): number {
  return entry.originalTs ?? entry.ts
}
