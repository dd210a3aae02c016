import type { Usage } from '../../../../shared/contract'

/** Dollars with enough digits to tell cheap turns apart ($0.0042). */
export function formatUsd(value: number): string {
  return value >= 1 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`
}

export function totalInput(usage: Usage): number {
  return usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
}

/** Share of the input read from cache, as a whole percent. */
export function cachePercent(usage: Usage): number {
  const total = totalInput(usage)
  return total === 0 ? 0 : Math.round((100 * usage.cache_read_input_tokens) / total)
}

export function formatTokens(count: number): string {
  return count >= 10_000 ? `${(count / 1000).toFixed(1)}k` : String(count)
}

/** Human words for the engine's miss reasons (the Inspector shows them as they are). */
export const MISS_REASON_TEXT: Readonly<Record<string, string>> = {
  first_call: 'first call of the session (nothing cached yet)',
  below_minimum: 'prompt shorter than the model’s minimum cacheable size',
  prompt_rebuilt: 'system prompt rebuilt',
  model_switched: 'model switched',
  tools_changed: 'tool list changed',
  ttl_expired: 'cache entry expired (TTL)',
  history_changed: 'earlier messages differ from the last call',
  unexplained: 'read less than expected, no known cause'
}

/**
 * Reasons that are part of normal use: the first call writes the cache, a rebuild or model
 * switch the user asked for writes it again, a pause longer than the cache lifetime lets it
 * expire. They are told plainly, never as an alarm; only the others are worth a look.
 */
const EXPECTED_REASONS: ReadonlySet<string> = new Set([
  'first_call',
  'below_minimum',
  'prompt_rebuilt',
  'model_switched',
  'ttl_expired'
])

/** What the turn footer says about the cache, and whether it deserves attention. */
export function cacheNote(reason: string): { readonly text: string; readonly expected: boolean } {
  const expected = EXPECTED_REASONS.has(reason)
  const words = MISS_REASON_TEXT[reason] ?? reason
  if (reason === 'first_call') return { text: 'prompt written to the cache (first call)', expected }
  if (expected) return { text: `cache written again: ${words}`, expected }
  return { text: `read less from the cache than it could: ${words} — Inspect shows what changed`, expected }
}
