import { describe, expect, it } from 'vitest'
import { formatCount, normalizeText, stripFrontmatter } from './text'

describe('stripFrontmatter', () => {
  it('removes a closed block and the blank lines after it', () => {
    expect(stripFrontmatter('---\ntitle: x\n---\n\n# Rules\nbody')).toBe('# Rules\nbody')
  })
  it('leaves an unclosed block unchanged', () => {
    const text = '---\ntitle: x\n# Rules'
    expect(stripFrontmatter(text)).toBe(text)
  })
  it('keeps the original when the body after the block is empty', () => {
    const text = '---\ntitle: x\n---\n\n  \n'
    expect(stripFrontmatter(text)).toBe(text)
  })
  it('does nothing when the file does not start with ---', () => {
    expect(stripFrontmatter('# Title\n---\nx')).toBe('# Title\n---\nx')
  })
})

describe('normalizeText', () => {
  it('drops a leading BOM and turns CRLF and lone CR into LF', () => {
    expect(normalizeText('\uFEFFa\r\nb\rc\n')).toBe('a\nb\nc\n')
  })
  it('keeps a BOM that is not at the start (the scanner reports it)', () => {
    expect(normalizeText('a\uFEFFb')).toBe('a\uFEFFb')
  })
})

it('formatCount uses comma thousands', () => {
  expect([formatCount(0), formatCount(999), formatCount(4000), formatCount(1234567)]).toEqual([
    '0',
    '999',
    '4,000',
    '1,234,567'
  ])
})
