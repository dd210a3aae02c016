import { DEFAULT_MODEL } from '../home/config'
import { modelLimits, type ModelLimits } from '../domain/models/modelTable'
import type { CacheTtl, CallUsage } from './chatTypes'

const PER_MILLION = 1_000_000

/** Limits for a model; unknown names (a local endpoint's model) are priced like the default model. */
export function limitsFor(model: string): ModelLimits {
  return modelLimits(model) ?? (modelLimits(DEFAULT_MODEL) as ModelLimits)
}

/** Total input tokens of a call: the three input fields always add up to the prompt size. */
export function totalInput(usage: CallUsage): number {
  return usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
}

/**
 * Dollar cost of one call: uncached input at the base price, writes at their TTL's price,
 * reads at the read price, output at the output price. When the usage does not split writes by
 * TTL (some endpoints omit `cache_creation`), the whole write is priced as `fallbackTtl`.
 */
export function callCostUsd(model: string, usage: CallUsage, fallbackTtl: CacheTtl = '5m'): number {
  const { prices } = limitsFor(model)
  const split = usage.cache_write_5m + usage.cache_write_1h
  const unsplit = Math.max(0, usage.cache_creation_input_tokens - split)
  const write5m = usage.cache_write_5m + (fallbackTtl === '5m' ? unsplit : 0)
  const write1h = usage.cache_write_1h + (fallbackTtl === '1h' ? unsplit : 0)
  const dollars =
    usage.input_tokens * prices.input +
    write5m * prices.cacheWrite5m +
    write1h * prices.cacheWrite1h +
    usage.cache_read_input_tokens * prices.cacheRead +
    usage.output_tokens * prices.output
  return dollars / PER_MILLION
}

/** What the same call would have cost with no prompt caching at all (every input token at base price). */
export function uncachedCostUsd(model: string, usage: CallUsage): number {
  const { prices } = limitsFor(model)
  return (totalInput(usage) * prices.input + usage.output_tokens * prices.output) / PER_MILLION
}

/** Dollars caching saved on this call (negative on a pure write: writes cost more than plain input). */
export function savedUsd(model: string, usage: CallUsage, fallbackTtl: CacheTtl = '5m'): number {
  return uncachedCostUsd(model, usage) - callCostUsd(model, usage, fallbackTtl)
}

/**
 * The extra cost of an action that throws the cache away (model switch, prompt rebuild): the
 * next call writes `prefixTokens` again instead of reading them.
 */
export function cacheBreakCostUsd(model: string, prefixTokens: number, ttl: CacheTtl): number {
  const rates = cacheRates(model, ttl)
  return (prefixTokens * (rates.write - rates.read)) / PER_MILLION
}

/** Dollars per million tokens written to the cache with `ttl`, and read from it. */
export function cacheRates(model: string, ttl: CacheTtl): { write: number; read: number } {
  const { prices } = limitsFor(model)
  return { write: ttl === '1h' ? prices.cacheWrite1h : prices.cacheWrite5m, read: prices.cacheRead }
}

/** Share of the input read from cache, 0–1 (0 for an empty call). */
export function cacheReadShare(usage: CallUsage): number {
  const total = totalInput(usage)
  return total === 0 ? 0 : usage.cache_read_input_tokens / total
}
