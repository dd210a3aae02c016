import { describe, expect, it } from 'vitest'
import { DEFAULT_MODEL } from '../../home/config'
import { MODEL_TABLE, contextWindowOf, modelLimits } from './modelTable'

describe('model table', () => {
  it('knows the default model and the documented cache minimums', () => {
    expect(modelLimits(DEFAULT_MODEL)?.id).toBe('claude-sonnet-5-5')
    expect(modelLimits('claude-opus-5')?.minCacheableTokens).toBe(512)
    expect(modelLimits('claude-haiku-4-5')?.minCacheableTokens).toBe(4096)
    expect(modelLimits('claude-sonnet-5')?.prices).toEqual({
      input: 2,
      output: 10,
      cacheWrite5m: 2.5,
      cacheWrite1h: 4,
      cacheRead: 0.2
    })
    expect(modelLimits('claude-fable-5-1')?.prices.cacheRead).toBeCloseTo(0.25)
  })
  it('resolves dated ids and is case-insensitive; unknown models give null', () => {
    expect(modelLimits('claude-haiku-4-5-20251001')?.id).toBe('claude-haiku-4-5')
    expect(modelLimits(' Claude-Sonnet-4-5 ')?.id).toBe('claude-sonnet-4-5')
    expect(modelLimits('gpt-5')).toBeNull()
    expect(contextWindowOf('llama3')).toBeNull()
  })
  it('has unique ids and positive limits', () => {
    expect(new Set(MODEL_TABLE.map((m) => m.id)).size).toBe(MODEL_TABLE.length)
    for (const m of MODEL_TABLE)
      expect(m.contextWindow > 0 && m.minCacheableTokens > 0 && m.prices.input > 0).toBe(true)
  })
})
