import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildYearHome } from '../core/testing/year/yearHome'
import { yearSearchFigures } from './yearSearch'

const dir = mkdtempSync(join(tmpdir(), 'hearth-year-search-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the year bench’s knowledge search', () => {
  it('indexes a small year and finds its own words', async () => {
    const year = buildYearHome(join(dir, 'home'), { seed: 3, scale: 0.005 })
    const lines: string[] = []
    const figures = new Map(
      (await yearSearchFigures(year, (line) => lines.push(line))).map((f) => [f.name, f])
    )
    expect(figures.get('year.knowledge_items')?.value).toBeGreaterThan(50)
    expect(figures.get('year.search_p95_ms')?.value).toBeGreaterThan(0)
    expect(figures.get('year.search_found_ratio')?.value).toBeGreaterThan(0.9)
    expect(lines[0]).toMatch(/knowledge items indexed/)
  })
})
