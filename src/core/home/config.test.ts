import { describe, expect, it } from 'vitest'
import { DEFAULT_MODEL, parseConfig } from './config'

describe('parseConfig', () => {
  it('uses defaults for a missing or empty file without errors', () => {
    for (const text of [undefined, '', '  \n']) {
      const loaded = parseConfig(text)
      expect(loaded.errors).toEqual([])
      expect(loaded.config.model).toBe(DEFAULT_MODEL)
      expect(loaded.config.cacheTtl).toBe('auto')
      expect(loaded.config.memory).toEqual({
        memoryCharLimit: 4000,
        userCharLimit: 2000,
        agentWrites: 'receipt'
      })
    }
  })

  it('reports invalid JSON with the parser message and falls back to every default', () => {
    const loaded = parseConfig('{"model": "x",')
    expect(loaded.errors).toHaveLength(1)
    expect(loaded.errors[0]).toMatch(/not valid JSON/)
    expect(loaded.config.model).toBe(DEFAULT_MODEL)
    expect(loaded.raw).toBeUndefined()
  })

  it('rejects a non-object document', () => {
    expect(parseConfig('[1,2]').errors[0]).toMatch(/must contain a JSON object/)
    expect(parseConfig('42').errors[0]).toMatch(/must contain a JSON object/)
  })

  it('names the exact bad field and keeps the good ones', () => {
    const loaded = parseConfig(
      JSON.stringify({ model: 'claude-opus-5', cacheTtl: '2h', memory: { memoryCharLimit: -5 } })
    )
    expect(loaded.config.model).toBe('claude-opus-5')
    expect(loaded.config.cacheTtl).toBe('auto')
    expect(loaded.config.memory.memoryCharLimit).toBe(4000)
    expect(loaded.errors).toHaveLength(2)
    expect(loaded.errors.join('\n')).toContain('"cacheTtl"')
    expect(loaded.errors.join('\n')).toContain('"memory.memoryCharLimit"')
  })

  it('keeps unknown keys in raw so a later save does not drop them', () => {
    const loaded = parseConfig('{"myPlugin": {"a": 1}}')
    expect(loaded.errors).toEqual([])
    expect(loaded.raw).toEqual({ myPlugin: { a: 1 } })
  })

  it('accepts a UTF-8 BOM', () => {
    expect(parseConfig('\uFEFF{"cacheTtl": "1h"}').config.cacheTtl).toBe('1h')
  })
})
