import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readYearRecord, YEAR_RECORD } from '../core/testing/year/yearRecord'
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
    expect(() => yearChoice({ seed: '4' })).toThrow(/--(seed|keep) goes with --year/)
  })

  it('keeps the year in a new or empty folder, and refuses one that holds anything', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-keep-'))
    try {
      expect(yearChoice({ year: true, keep: join(dir, 'new') })?.name).toBe('year')
      expect(yearChoice({ year: true, keep: dir })?.name).toBe('year')
      writeFileSync(join(dir, 'notes.md'), 'mine')
      expect(() => yearChoice({ year: true, keep: dir })).toThrow(/the folder is not empty/)
      expect(() => yearChoice({ keep: dir })).toThrow(/--(seed|keep) goes with --year/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('measures a kept year again only from a folder whose record reads, and alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-reuse-'))
    try {
      expect(yearChoice({ year: true, reuse: dir })?.name).toBe('year')
      expect(() => yearChoice({ year: true, reuse: dir, scale: '0.1' })).toThrow(
        /leave out --seed, --scale and --keep/
      )
      expect(() => yearChoice({ reuse: dir })).toThrow(/--reuse goes with --year/)
      expect(() => readYearRecord(dir)).toThrow(/holds no year kept by the bench/)
      writeFileSync(join(dir, YEAR_RECORD), '{"seed": 1')
      expect(() => readYearRecord(dir)).toThrow(/is not JSON/)
      writeFileSync(join(dir, YEAR_RECORD), JSON.stringify({ seed: 1, scale: 3 }))
      expect(() => readYearRecord(dir)).toThrow(/does not describe a year/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
