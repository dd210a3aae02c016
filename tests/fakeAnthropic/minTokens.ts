/**
 * Minimum cacheable prefix per model. Below it a
 * breakpoint silently does nothing — no error, 0/0 cache usage — exactly like the real API.
 */
export const MIN_CACHEABLE_TOKENS: Readonly<Record<string, number>> = {
  'claude-opus-5': 512,
  'claude-fable-5': 512,
  'claude-fable-5-1': 512,
  'claude-mythos-5': 512,
  'claude-mythos-5-1': 512,
  'claude-opus-4-8': 1024,
  'claude-sonnet-5': 1024,
  'claude-opus-4-7': 2048,
  'claude-mythos-preview': 2048,
  'claude-opus-4-6': 4096,
  'claude-opus-4-5': 4096,
  // Early-2026 docs said 2,048 and one report observed ~2,048; override via options.cache.minTokens.
  'claude-sonnet-4-6': 1024,
  'claude-sonnet-4-5': 1024,
  'claude-sonnet-4': 1024,
  'claude-opus-4-1': 1024,
  'claude-opus-4': 1024,
  'claude-3-7-sonnet': 1024,
  'claude-haiku-4-5': 4096,
  'claude-3-5-haiku': 2048,
  'claude-3-haiku': 2048
}

/** Model id without a date (`-20250514`) or `-latest` suffix, so dated ids share their family's row. */
export function modelFamily(model: string): string {
  return model.replace(/-(\d{8}|latest)$/, '')
}

/** The minimum for `model`: overrides first (exact id, then family), then the table, then the default. */
export function minCacheableTokens(
  model: string,
  overrides: Readonly<Record<string, number>>,
  fallback: number
): number {
  const family = modelFamily(model)
  return overrides[model] ?? overrides[family] ?? MIN_CACHEABLE_TOKENS[family] ?? fallback
}
