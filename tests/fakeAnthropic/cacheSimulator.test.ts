import { describe, expect, it } from 'vitest'
import { CacheSimulator, DEFAULT_CACHE_OPTIONS } from './cacheSimulator'
import { splitText } from './tokenizer'

const body = (extra: Record<string, unknown> = {}) => ({
  model: 'claude-sonnet-5',
  system: [{ type: 'text', text: 's'.repeat(8000), cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: 'hi' }],
  ...extra
})

describe('CacheSimulator (direct)', () => {
  it('hides an entry from requests that started before the writing response began', () => {
    const simulator = new CacheSimulator(DEFAULT_CACHE_OPTIONS)
    const first = simulator.plan(body(), 'key', 1000)
    const concurrent = simulator.plan(body(), 'key', 1005)
    first.commit(1010)
    concurrent.commit(1020)
    expect(first.usage.cache_creation_input_tokens).toBe(2000)
    expect(concurrent.usage.cache_read_input_tokens).toBe(0) // both pay full price
    expect(simulator.plan(body(), 'key', 1030).usage.cache_read_input_tokens).toBe(2000)
  })

  it('scopes entries by API key and model', () => {
    const simulator = new CacheSimulator(DEFAULT_CACHE_OPTIONS)
    simulator.plan(body(), 'key', 0).commit(0)
    expect(simulator.plan(body(), 'other-key', 1).usage.cache_read_input_tokens).toBe(0)
    expect(simulator.plan(body({ model: 'claude-opus-4-8' }), 'key', 1).usage.cache_read_input_tokens).toBe(0)
    expect(simulator.plan(body(), 'key', 1).usage.cache_read_input_tokens).toBe(2000)
  })

  it('treats a string system and a one-block array alike, and ignores marker placement in the key', () => {
    const simulator = new CacheSimulator(DEFAULT_CACHE_OPTIONS)
    simulator.plan(body(), 'key', 0).commit(0)
    const moved = body({ cache_control: { type: 'ephemeral' }, system: 's'.repeat(8000) })
    expect(simulator.plan(moved, 'key', 1).usage.cache_read_input_tokens).toBe(2000)
  })

  it('bills A/B/C positions for mixed TTLs: read A, 1h write B−A, 5m write C−B', () => {
    const simulator = new CacheSimulator(DEFAULT_CACHE_OPTIONS)
    const system = [
      { type: 'text', text: 'a'.repeat(8000), cache_control: { type: 'ephemeral', ttl: '1h' } },
      { type: 'text', text: 'b'.repeat(4000), cache_control: { type: 'ephemeral', ttl: '1h' } },
      { type: 'text', text: 'c'.repeat(400), cache_control: { type: 'ephemeral' } }
    ]
    simulator.plan(body({ system: system.slice(0, 1) }), 'key', 0).commit(0)
    const usage = simulator.plan(body({ system }), 'key', 1).usage
    expect(usage).toEqual({
      input_tokens: 1 + 3 + 4,
      cache_read_input_tokens: 2000,
      cache_creation_input_tokens: 1100,
      cache_creation: { ephemeral_1h_input_tokens: 1000, ephemeral_5m_input_tokens: 100 }
    })
  })

  it('caps the store, dropping the least recently used entries', () => {
    const simulator = new CacheSimulator({ ...DEFAULT_CACHE_OPTIONS, maxEntries: 2 })
    for (const letter of ['x', 'y', 'z'])
      simulator
        .plan(
          body({
            system: [{ type: 'text', text: letter.repeat(8000), cache_control: { type: 'ephemeral' } }]
          }),
          'key',
          0
        )
        .commit(0)
    expect(simulator.size).toBe(2)
  })

  it('splits text without breaking surrogate pairs', () => {
    const pieces = splitText('😀'.repeat(10), 5)
    expect(pieces.join('')).toBe('😀'.repeat(10))
    expect(pieces.every((piece) => !/[\ud800-\udbff]$/.test(piece))).toBe(true)
  })
})
