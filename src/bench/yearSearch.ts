import { createCore } from '../core/createCore'
import type { YearHome } from '../core/testing/year/yearHome'
import { figure, percentile, reference, type BenchFigure } from './benchTypes'

const QUERIES = 100

/** Three words from the middle of every so many indexed items: what a person half remembers. */
function yearQueries(texts: readonly string[]): string[] {
  const step = Math.max(1, Math.floor(texts.length / QUERIES))
  const queries: string[] = []
  for (let i = 0; i < texts.length && queries.length < QUERIES; i += step) {
    const words = (texts[i] ?? '').split(/\s+/).filter((word) => /^[\p{L}\p{N}]{3,}$/u.test(word))
    const from = Math.max(0, Math.floor(words.length / 2) - 1)
    if (words.length >= 3) queries.push(words.slice(from, from + 3).join(' '))
  }
  return queries
}

/**
 * Knowledge search over the year as Ctrl/Cmd+K runs it (as the user, every kind, snippets, the
 * index brought up to date first): the year's words indexed (timed), then three-word queries
 * taken from its own items. Words only: the generated year has no embedding endpoint.
 */
export async function yearSearchFigures(year: YearHome, log: (line: string) => void): Promise<BenchFigure[]> {
  const core = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
  try {
    const knowledge = core.services.knowledge
    const started = performance.now()
    knowledge.indexPending()
    const indexSeconds = (performance.now() - started) / 1000
    const items = knowledge.store.itemCount()
    const texts = core.internals.db
      .prepare('SELECT text FROM knowledge_items ORDER BY id')
      .pluck()
      .all() as string[]
    const samples: number[] = []
    const cpu: number[] = []
    let found = 0
    for (const text of yearQueries(texts)) {
      const t0 = performance.now()
      const cpu0 = process.cpuUsage()
      const result = await knowledge.search({ text, limit: 10, embedTimeoutMs: 0 })
      const used = process.cpuUsage(cpu0)
      samples.push(performance.now() - t0)
      cpu.push((used.user + used.system) / 1000)
      if (result.results.length > 0) found++
    }
    log(
      `year: ${items} knowledge items indexed in ${indexSeconds.toFixed(1)} s; ${samples.length} searches (${found} with hits), p50 ${percentile(samples, 50).toFixed(2)} ms`
    )
    return [
      reference('year.knowledge_items', items, 'items', 'higher'),
      reference('year.knowledge_index_s', indexSeconds, 's', 'lower'),
      figure('year.search_p95_ms', percentile(samples, 95), 'ms', 25, 'lower'),
      reference('year.search_cpu_p95_ms', percentile(cpu, 95), 'ms', 'lower'),
      reference(
        'year.search_found_ratio',
        samples.length === 0 ? 0 : found / samples.length,
        'ratio',
        'higher'
      )
    ]
  } finally {
    core.dispose()
  }
}
