import { describe, expect, it } from 'vitest'
import { fileCharCap, truncateText } from './truncate'

describe('fileCharCap', () => {
  it('uses config when set, else 6% of the context window at 4 chars/token, within 20k–500k', () => {
    expect(fileCharCap(12_345, 200_000)).toBe(12_345)
    expect(fileCharCap(null, 200_000)).toBe(48_000)
    expect(fileCharCap(null, 8_000)).toBe(20_000)
    expect(fileCharCap(null, 100_000_000)).toBe(500_000)
    expect(fileCharCap(null, null)).toBe(20_000)
    expect(fileCharCap(0, 0)).toBe(20_000)
  })
})

describe('truncateText', () => {
  const cap = 1000

  it('leaves a text of exactly the cap untouched', () => {
    const text = 'a'.repeat(cap)
    const result = truncateText(text, 'AGENTS.md', cap, '/p/AGENTS.md')
    expect(result).toMatchObject({ text, truncated: false, warning: null })
  })

  it('cuts a text of cap+1 to 70% head + marker + 20% tail with the exact numbers', () => {
    const text = `${'h'.repeat(700)}${'m'.repeat(101)}${'t'.repeat(200)}`
    expect(text.length).toBe(cap + 1)
    const result = truncateText(text, 'AGENTS.md', cap, '/p/AGENTS.md')
    expect(result.truncated).toBe(true)
    expect(
      result.text.startsWith(`${'h'.repeat(700)}\n\n[...truncated AGENTS.md: kept 700+200 of 1001 chars.`)
    ).toBe(true)
    expect(result.text.endsWith(`/p/AGENTS.md if you need it.]\n\n${'t'.repeat(200)}`)).toBe(true)
    expect(result.text).not.toContain('mm')
    expect(result.warning).toContain('1001 chars is over the limit of 1000')
    expect(result).toMatchObject({ head: 700, tail: 200, total: 1001, cap })
  })

  it('rounds head and tail down for caps that do not divide evenly', () => {
    const result = truncateText('x'.repeat(20_001), 'SOUL.md', 20_001 - 1, null)
    expect(result.text).toContain('kept 14000+4000 of 20001 chars')
    expect(result.text).toContain('read the whole file at SOUL.md')
  })
})
