import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BenchContext } from './benchTypes'
import { rendererBench } from './rendererBench'

describe('the renderer bench', () => {
  let dir: string
  let lines: string[]
  let ctx: BenchContext
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-renderer-bench-'))
    lines = []
    ctx = {
      quick: true,
      tmpDir: dir,
      cliPath: join(dir, 'bin', 'hearth.js'),
      log: (line) => lines.push(line)
    }
    vi.stubEnv('HEARTH_CHROMIUM', join(dir, 'no-chromium'))
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    rmSync(dir, { recursive: true, force: true })
  })

  it('measures the entry chunk named by index.html and every asset, and says why it skipped the browser', async () => {
    const renderer = join(dir, 'renderer')
    mkdirSync(join(renderer, 'assets'), { recursive: true })
    const html = '<script type="module" crossorigin src="./assets/index-abc.js"></script>'
    writeFileSync(join(renderer, 'index.html'), html)
    writeFileSync(join(renderer, 'assets', 'index-abc.js'), Buffer.alloc(2048))
    writeFileSync(join(renderer, 'assets', 'editor-def.js'), Buffer.alloc(1_000_000))
    vi.stubEnv('HEARTH_RENDERER_DIR', renderer)
    const figures = await rendererBench.run(ctx)
    expect(figures.map((f) => [f.name, f.met])).toEqual([
      ['renderer.main_chunk_kb', true],
      ['renderer.total_mb', true]
    ])
    expect(figures[0]?.value).toBe(2)
    // Figures are rounded to three decimals.
    expect(figures[1]?.value).toBeCloseTo((2048 + 1_000_000 + html.length) / 1_000_000, 3)
    expect(lines.join('\n')).toContain('skipped the ui.* figures, no Chromium at')
  })

  it('reports nothing, and says so, when the renderer is not built', async () => {
    vi.stubEnv('HEARTH_RENDERER_DIR', join(dir, 'missing'))
    expect(await rendererBench.run(ctx)).toEqual([])
    expect(lines.join('\n')).toContain('no built renderer')
  })
})
