import { describe, expect, it } from 'vitest'
import { cacheNote } from './format'

describe('cacheNote (plain words for the cache)', () => {
  it('tells the first call and user-requested rewrites as facts, not misses', () => {
    expect(cacheNote('first_call')).toEqual({
      text: 'prompt written to the cache (first call)',
      expected: true
    })
    for (const reason of ['prompt_rebuilt', 'model_switched', 'ttl_expired', 'below_minimum']) {
      expect(cacheNote(reason).expected, reason).toBe(true)
      expect(cacheNote(reason).text).toMatch(/^cache written again: /)
    }
  })

  it('points a real miss at the Inspector', () => {
    for (const reason of ['history_changed', 'tools_changed', 'unexplained']) {
      const note = cacheNote(reason)
      expect(note.expected, reason).toBe(false)
      expect(note.text).toContain('Inspect shows what changed')
    }
  })
})
