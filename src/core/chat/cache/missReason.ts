import type { CallUsage, MissReason, RequestSections } from '../chatTypes'
import { totalInput } from '../pricing'

/** The previous call of the same session that reached the model. */
export interface PreviousCall {
  readonly sections: RequestSections
  readonly usage: CallUsage
  readonly startedAtMs: number
}

export interface MissInput {
  readonly previous: PreviousCall | undefined
  readonly current: RequestSections
  /** Cumulative prefix hashes of the current request, by flat position. */
  readonly currentHashes: readonly string[]
  readonly usage: CallUsage
  readonly startedAtMs: number
  readonly ttlMs: number
  readonly minCacheableTokens: number
}

export interface MissVerdict {
  /** Tokens this call could have read from cache, given what earlier calls wrote. */
  readonly expectedRead: number
  /** Why fewer tokens were read than `expectedRead` (or why none could be); null when nothing was lost. */
  readonly reason: MissReason | null
}

/** Reads within 2% of the expected figure count as full hits (token counts are not exact across sides). */
const TOLERANCE = 0.98

/**
 * Explains a call's cache read. The expected read is what the previous call cached (its read
 * plus its writes, all of them up to its last marker) when the current request still starts
 * with that exact prefix; otherwise the first section that changed names the reason.
 */
export function classifyCacheMiss(input: MissInput): MissVerdict {
  const read = input.usage.cache_read_input_tokens
  if (totalInput(input.usage) < input.minCacheableTokens && read === 0)
    return { expectedRead: 0, reason: 'below_minimum' }
  const previous = input.previous
  if (!previous) return { expectedRead: 0, reason: read === 0 ? 'first_call' : null }
  const cachedBefore = previous.usage.cache_read_input_tokens + previous.usage.cache_creation_input_tokens
  if (cachedBefore === 0) return { expectedRead: 0, reason: read === 0 ? 'below_minimum' : null }
  const expectedRead = matchedPrefixTokens(previous, input.currentHashes, cachedBefore)
  const divergence = firstChange(previous.sections, input.current, expectedRead < cachedBefore)
  // Both figures come from the API, so a changed prompt that costs even a little (the volatile
  // tier after a rebuild, while the stable tier is still read) is named, not rounded away.
  const tolerance = divergence === 'history_changed' ? TOLERANCE : 1
  if (divergence && read < cachedBefore * tolerance) return { expectedRead: cachedBefore, reason: divergence }
  if (read >= expectedRead * TOLERANCE) return { expectedRead, reason: null }
  const expired = input.startedAtMs - previous.startedAtMs > input.ttlMs
  return { expectedRead, reason: expired ? 'ttl_expired' : 'unexplained' }
}

/**
 * Tokens of the longest previous breakpoint prefix the current request repeats exactly. The
 * last breakpoint is known precisely (what the previous call cached); earlier ones are scaled
 * from our estimate by the same ratio.
 */
function matchedPrefixTokens(
  previous: PreviousCall,
  currentHashes: readonly string[],
  cachedBefore: number
): number {
  const marks = previous.sections.breakpoints
  const last = marks.at(-1)
  if (!last) return 0
  const ratio = last.estimatedTokens > 0 ? cachedBefore / last.estimatedTokens : 1
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i]
    if (!mark || currentHashes[mark.position] !== mark.hash) continue
    return mark === last ? cachedBefore : Math.round(mark.estimatedTokens * ratio)
  }
  return 0
}

/** What changed between the two requests, outermost first (model → tools → system → history). */
function firstChange(
  previous: RequestSections,
  current: RequestSections,
  prefixLost: boolean
): MissReason | null {
  if (previous.model !== current.model) return 'model_switched'
  if (previous.toolsHash !== current.toolsHash) return 'tools_changed'
  if (previous.systemHash !== current.systemHash) return 'prompt_rebuilt'
  return prefixLost ? 'history_changed' : null
}
