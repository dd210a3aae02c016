import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { figure, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'
import { measureUi } from './uiTimings'

/** Every file under a folder, with its size in bytes. */
function filesUnder(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [{ path, bytes: statSync(path).size }]
  })
}

/** The entry chunk: the module script index.html loads first (the one the first paint waits for). */
function entryChunk(rendererDir: string): string | undefined {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const src = /<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1]
  return src === undefined ? undefined : join(rendererDir, src)
}

/** Bytes shipped: the entry chunk (parsed before anything paints) and all renderer assets. */
function sizeFigures(ctx: BenchContext, rendererDir: string): BenchFigure[] {
  const entry = entryChunk(rendererDir)
  if (entry === undefined || !existsSync(entry)) {
    ctx.log(`renderer: skipped sizes, ${rendererDir}/index.html names no entry chunk that exists`)
    return []
  }
  const total = filesUnder(rendererDir).reduce((sum, file) => sum + file.bytes, 0)
  return [
    figure('renderer.main_chunk_kb', statSync(entry).size / 1024, 'KB', 1500, 'lower'),
    figure('renderer.total_mb', total / 1_000_000, 'MB', 8, 'lower')
  ]
}

/**
 * The renderer as built (`out/renderer`, or HEARTH_RENDERER_DIR as `hearth serve` reads it): its
 * size, then first paint, opening a 2,000-message chat and scrolling it, in headless Chromium
 * against `hearth serve`. Without a build or a Chromium the suite says so and measures nothing.
 */
export const rendererBench: BenchSuite = {
  name: 'renderer',
  async run(ctx) {
    const root = dirname(dirname(ctx.cliPath))
    const rendererDir = process.env.HEARTH_RENDERER_DIR ?? join(root, 'out', 'renderer')
    if (!existsSync(join(rendererDir, 'index.html'))) {
      ctx.log(`renderer: skipped, no built renderer at ${rendererDir} (run \`npm run build\`)`)
      return []
    }
    return [...sizeFigures(ctx, rendererDir), ...(await measureUi(ctx))]
  }
}
