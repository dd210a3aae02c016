import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { yearChoice } from './yearChoice'

describe('hearth bench --year options', () => {
  it('is the year suite only when asked, with the seed and scale given', () => {
    expect(yearChoice({})).toBeUndefined()
    expect(yearChoice({ year: true, seed: '3', scale: '0.1' })?.name).toBe('year')
  })

  it('refuses a scale, a seed or either without --year, saying what it takes', () => {
    expect(() => yearChoice({ year: true, scale: '2' })).toThrow(/--scale takes a number in \(0, 1\]; got 2/)
    expect(() => yearChoice({ year: true, scale: 'lots' })).toThrow(/--scale takes a number; got "lots"/)
    expect(() => yearChoice({ year: true, seed: '-1' })).toThrow(/--seed takes a whole number/)
    expect(() => yearChoice({ seed: '4' })).toThrow(/go with --year/)
  })

  it('keeps the year in a new or empty folder, and refuses one that holds anything', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-keep-'))
    try {
      expect(yearChoice({ year: true, keep: join(dir, 'new') })?.name).toBe('year')
      expect(yearChoice({ year: true, keep: dir })?.name).toBe('year')
      writeFileSync(join(dir, 'notes.md'), 'mine')
      expect(() => yearChoice({ year: true, keep: dir })).toThrow(/the folder is not empty/)
      expect(() => yearChoice({ keep: dir })).toThrow(/go with --year/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
