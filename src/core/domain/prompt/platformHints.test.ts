import { describe, expect, it } from 'vitest'
import { PLATFORM_HINTS, platformHint } from './platformHints'

const base = PLATFORM_HINTS.desktop as string

describe('platformHint overrides', () => {
  it('uses the table default without overrides, case-insensitively', () => {
    expect(platformHint('Desktop', {})).toBe(base)
    expect(platformHint('cli', undefined)).toBe(PLATFORM_HINTS.cli)
    expect(platformHint('pager', {})).toBe('')
  })
  it.each([
    ['bare string appends', { desktop: 'Be brief.' }, `${base}\n\nBe brief.`],
    ['append', { desktop: { append: 'Be brief.' } }, `${base}\n\nBe brief.`],
    ['replace', { desktop: { replace: 'Plain text only.' } }, 'Plain text only.'],
    ['replace then append', { desktop: { replace: 'Plain.', append: 'Brief.' } }, 'Plain.\n\nBrief.'],
    [
      'blank replace keeps the default',
      { desktop: { replace: '   ', append: 'Brief.' } },
      `${base}\n\nBrief.`
    ],
    ['blank string', { desktop: '  ' }, base],
    ['malformed: number', { desktop: 42 }, base],
    ['malformed: unknown key', { desktop: { prepend: 'x' } }, base],
    ['malformed: wrong type inside', { desktop: { replace: 3 } }, base],
    ['malformed: array', { desktop: ['x'] }, base],
    ['malformed: overrides not an object', 'desktop', base],
    ['other platform untouched', { cli: 'x' }, base]
  ])('%s', (_name, overrides, expected) => {
    expect(platformHint('desktop', overrides)).toBe(expected)
  })
  it('an unknown platform can get a hint through an override', () => {
    expect(platformHint('pager', { pager: { append: 'Short lines.' } })).toBe('Short lines.')
  })
})
