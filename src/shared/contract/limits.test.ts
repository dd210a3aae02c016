import { describe, expect, it } from 'vitest'
import { boundedText } from './boundedText'
import { formatBytes, utf8Length } from './limits'

describe('contract size limits', () => {
  it('counts UTF-8 bytes exactly as an encoder writes them, lone surrogates included', () => {
    for (const text of [
      '',
      'plain',
      'é',
      '€',
      '😀',
      'a😀b€c',
      '\ud800',
      '\udc00x',
      '\ud800\ud800',
      'x\u0000y',
      '€'.repeat(1000)
    ]) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).length)
    }
  })

  it('bounds a string in characters and in bytes, naming the size in the message', () => {
    const schema = boundedText(10, 12)
    expect(schema.safeParse('€€€€').success).toBe(true)
    const tooManyBytes = schema.safeParse('€€€€€')
    expect(tooManyBytes.success).toBe(false)
    expect(tooManyBytes.error?.issues[0]?.message).toBe('at most 12 bytes as UTF-8 (this is 15 bytes)')
    expect(schema.safeParse('a'.repeat(11)).error?.issues[0]?.message).toBe('at most 10 characters')
  })

  it('formats sizes for people', () => {
    expect(formatBytes(900)).toBe('900 bytes')
    expect(formatBytes(9 * 1024 * 1024)).toBe('9.0 MB')
  })
})
