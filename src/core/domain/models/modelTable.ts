/**
 * Model limits in ONE data table (spec §3): context window, minimum cacheable prefix and prices.
 * Prompt assembly scales the per-file cap from the context window; the chat engine uses the
 * cache minimum and the prices. Names come from @anthropic-ai/sdk 1.14's `Model` list; cache
 * minimums and input prices from Anthropic's prompt-caching and pricing documentation.
 *
 * Where the stored docs give no figure (context windows, output prices, the newest 5.5 ids),
 * the value is an explicit assumption marked `assumed: true` so the UI can say so.
 */
export interface ModelPrices {
  /** US dollars per million input tokens (uncached). */
  readonly input: number
  readonly output: number
  /** Cache write with the 5-minute TTL (1.25× input). */
  readonly cacheWrite5m: number
  /** Cache write with the 1-hour TTL (2× input). */
  readonly cacheWrite1h: number
  /** Cache read / refresh (0.1× input, 0.025× on Fable/Mythos 5.1). */
  readonly cacheRead: number
}

export interface ModelLimits {
  readonly id: string
  readonly contextWindow: number
  readonly minCacheableTokens: number
  readonly prices: ModelPrices
  /** True when some figure is not from the stored docs (a documented guess). */
  readonly assumed: boolean
}

const STANDARD_CONTEXT = 200_000

/** Builds the price row from the base input price with the documented multipliers. */
function prices(input: number, output: number, readMultiplier = 0.1): ModelPrices {
  return {
    input,
    output,
    cacheWrite5m: input * 1.25,
    cacheWrite1h: input * 2,
    cacheRead: input * readMultiplier
  }
}

function row(id: string, minCacheableTokens: number, price: ModelPrices, assumed = false): ModelLimits {
  return { id, contextWindow: STANDARD_CONTEXT, minCacheableTokens, prices: price, assumed }
}

const OPUS_NEW = prices(5, 25)
const SONNET_4 = prices(3, 15)
const SONNET_5 = prices(2, 10)
const HAIKU_4 = prices(1, 5)
const FABLE_51 = prices(10, 50, 0.025)

/** Exact ids first; `familyFallback` handles dated or unknown variants by prefix. */
export const MODEL_TABLE: readonly ModelLimits[] = [
  row('claude-sonnet-5-5', 1024, SONNET_5, true),
  row('claude-opus-5-5', 1024, OPUS_NEW, true),
  row('claude-haiku-5-5', 1024, HAIKU_4, true),
  row('claude-fable-5-2', 1024, FABLE_51, true),
  row('claude-mythos-5-2', 1024, FABLE_51, true),
  row('claude-sonnet-5', 1024, SONNET_5),
  row('claude-opus-5', 512, OPUS_NEW),
  row('claude-fable-5-1', 512, FABLE_51),
  row('claude-mythos-5-1', 512, FABLE_51),
  row('claude-fable-5', 512, prices(10, 50), true),
  row('claude-mythos-5', 512, prices(10, 50), true),
  row('claude-opus-4-8', 1024, OPUS_NEW),
  row('claude-opus-4-7', 2048, OPUS_NEW),
  row('claude-mythos-preview', 2048, prices(10, 50), true),
  row('claude-opus-4-6', 4096, OPUS_NEW),
  row('claude-opus-4-5', 4096, OPUS_NEW),
  row('claude-sonnet-4-6', 1024, SONNET_4),
  row('claude-sonnet-4-5', 1024, SONNET_4),
  row('claude-haiku-4-5', 4096, HAIKU_4)
]

const BY_ID = new Map(MODEL_TABLE.map((limits) => [limits.id, limits]))

/**
 * The limits for a model name, or null when it is unknown (callers then use their defaults,
 * e.g. the 20,000-char file cap). Dated ids (`claude-haiku-4-5-20251001`) resolve to their base.
 */
export function modelLimits(model: string): ModelLimits | null {
  const name = model.trim().toLowerCase()
  const exact = BY_ID.get(name)
  if (exact) return exact
  const undated = name.replace(/-\d{8}$/, '')
  return BY_ID.get(undated) ?? null
}

/** Context window in tokens, or null when the model is not in the table. */
export function contextWindowOf(model: string): number | null {
  return modelLimits(model)?.contextWindow ?? null
}
