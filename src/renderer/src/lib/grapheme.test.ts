import { describe, expect, it } from 'vitest'
import { avatarInitial, firstGrapheme } from './grapheme'

describe('avatarInitial', () => {
  it('takes a whole emoji, never half a surrogate pair', () => {
    expect(avatarInitial('🦊 Fox')).toBe('🦊')
    expect(avatarInitial('👩🏽‍💻 Coder')).toBe('👩🏽‍💻')
    expect(avatarInitial('🇫🇷 Paris')).toBe('🇫🇷')
    expect(avatarInitial('🦊 Fox')).not.toContain('\uFFFD')
  })

  it('upper-cases a letter and keeps its accent', () => {
    expect(avatarInitial('ada')).toBe('A')
    expect(avatarInitial('e\u0301lodie')).toBe('E\u0301')
  })

  it('gives a placeholder for an empty name', () => {
    expect(avatarInitial('  ')).toBe('?')
    expect(firstGrapheme('')).toBe('')
  })
})
