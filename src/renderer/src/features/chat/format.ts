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

/** Human words for the engine's miss reasons. */
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
