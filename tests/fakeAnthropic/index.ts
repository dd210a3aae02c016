/** Public entry of the fake Anthropic Messages API used by tests, e2e and `hearth bench`. */
export { startFakeAnthropic, type FakeAnthropic, type FakeClock, type FakeStats } from './server'
export { CacheSimulator, DEFAULT_CACHE_OPTIONS, LOOKBACK_POSITIONS, MAX_BREAKPOINTS } from './cacheSimulator'
export { MIN_CACHEABLE_TOKENS, minCacheableTokens } from './minTokens'
export { countTokens } from './tokenizer'
export type * from './types'
export { sentBodySchema } from './sentBody'
export { blocksOf, lastUserText, messagesOf, systemBlocksOf, systemText, textsOf, toolNames } from './reading'
export { recordedRequestSchema, recordedRequestsSchema } from './recorded'
