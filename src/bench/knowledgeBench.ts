import { join } from 'node:path'
import { createCore, type Core } from '../core/createCore'
import { cosine, quantise, unit } from '../core/knowledge/vectors/quantize'
import { fakeEmbedding } from '../../tests/fakeEmbeddings/fakeEmbedding'
import { startFakeEmbeddings } from '../../tests/fakeEmbeddings/server'
import { testId } from '../shared/testing/ids'
import {
  figure,
  reference,
  percentile,
  type BenchContext,
  type BenchFigure,
  type BenchSuite
} from './benchTypes'
import { evalSet } from './knowledgeEval/evalCorpus'
import { scoreEval, seedEvalSet } from './knowledgeEval/runEval'

const AGENT = testId.agent('scribe')
const ITEMS = 100_000
const DIMS = 768

function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const TOPICS =
  'deploy backup release database editor coffee travel invoice budget meeting standup review test migration server cluster laptop garden recipe secret keychain night morning cost flight'.split(
    ' '
  )

/** Sentences over a synthetic vocabulary plus everyday topic words, so vectors have structure. */
function sentenceMaker(seed: number): () => string {
  const random = prng(seed)
  const syllables = ['ka', 'lo', 'mi', 'ra', 'to', 'ne', 'su', 'vi', 'do', 'pe', 'an', 'or', 'el', 'ur']
  const words = new Set<string>(TOPICS)
  while (words.size < 4000) {
    const n = 2 + Math.floor(random() * 3)
    words.add(Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]).join(''))
  }
  const list = [...words]
  return () => {
    const length = 6 + Math.floor(random() * 10)
    return `The user ${Array.from({ length }, () => list[Math.floor(random() ** 2 * list.length)]).join(' ')}`
  }
}

function home(ctx: BenchContext, name: string): Core {
  const core = createCore({
    home: join(ctx.tmpDir, name),
    host: 'cli',
    env: {},
    seams: { knowledgeBackground: false }
  })
  core.services.agents.create('Scribe', AGENT)
  return core
}

/** 100,000 facts: words indexed (timed), vectors of the fake model stored, then hybrid searches timed. */
async function measureScale(ctx: BenchContext): Promise<BenchFigure[]> {
  const core = home(ctx, 'scale')
  const fake = await startFakeEmbeddings({ dims: DIMS })
  try {
    const next = sentenceMaker(7)
    const texts = Array.from({ length: ITEMS }, next)
    const insert = core.internals.db.prepare(
      `INSERT INTO memory_facts (agent_id, status, type, speaker, text, origin, created_at, updated_at) VALUES (?, 'approved', 'user_fact', 'user', ?, 'user', 1, 1)`
    )
    core.internals.db.transaction(() => texts.forEach((text) => insert.run(AGENT, text)))()
    const knowledge = core.services.knowledge
    const t0 = performance.now()
    const indexed = knowledge.indexPending()
    const indexSeconds = (performance.now() - t0) / 1000
    ctx.log(`indexed ${indexed} items (words) in ${indexSeconds.toFixed(1)} s`)
    // The vectors the fake endpoint would return, computed in this process (100,000 over HTTP as
    // JSON would measure JSON, not search); the endpoint's own throughput is measured below.
    const floats = new Map<number, Float32Array>()
    const ids = core.internals.db.prepare('SELECT id, text FROM knowledge_items').all() as {
      id: number
      text: string
    }[]
    core.internals.db.transaction(() => {
      for (const row of ids) {
        const vector = unit(fakeEmbedding(`\n${row.text}`, DIMS)) as Float32Array
        floats.set(row.id, vector)
        knowledge.vectors.put(row.id, quantise(vector))
      }
    })()
    core.internals.db
      .prepare(
        "INSERT OR REPLACE INTO knowledge_state (key, value) VALUES ('embeddings.model', ?), ('embeddings.dims', ?)"
      )
      .run(`${fake.url}|fake-${DIMS}`, String(DIMS))
    await knowledge.configureEmbeddings({ baseUrl: fake.url, model: `fake-${DIMS}` })
    ctx.log(`stored ${floats.size} vectors of ${DIMS} dimensions`)
    // What the app does in the background at start (searches answer by words meanwhile).
    const loadStarted = performance.now()
    await knowledge.loadVectors()
    const loadSeconds = (performance.now() - loadStarted) / 1000
    const queries = Array.from({ length: ctx.quick ? 100 : 400 }, next)
    const samples: number[] = []
    const cpu: number[] = []
    let hybrid = 0
    for (const text of queries) {
      const started = performance.now()
      const cpuStarted = process.cpuUsage()
      const result = await knowledge.searchIndexed({ text, limit: 10, agentId: AGENT, withStatus: false })
      const used = process.cpuUsage(cpuStarted)
      samples.push(performance.now() - started)
      cpu.push((used.user + used.system) / 1000)
      if (result.results.some((hit) => hit.method === 'hybrid')) hybrid++
    }
    ctx.log(
      `${queries.length} hybrid searches (${hybrid} with fused hits), p50 ${percentile(samples, 50).toFixed(2)} ms, CPU p50 ${percentile(cpu, 50).toFixed(2)} ms`
    )
    const embedOnly = await queryEmbedding(knowledge, Array.from({ length: 50 }, next))
    const recall = vectorRecall(core, floats, queries.slice(0, ctx.quick ? 50 : 200))
    return [
      figure('knowledge.index_items_per_s', indexed / indexSeconds, 'items/s', 2000, 'higher'),
      figure('knowledge.search_p95_ms_100k', percentile(samples, 95), 'ms', 25, 'lower'),
      // CPU time of the same searches (this process also serves the fake endpoint): wall time less waiting for a core.
      reference('knowledge.search_cpu_p95_ms_100k', percentile(cpu, 95), 'ms', 'lower'),
      reference('knowledge.query_embed_p95_ms', embedOnly, 'ms', 'lower'),
      reference('knowledge.vector_load_s_100k', loadSeconds, 's', 'lower'),
      figure('knowledge.vector_recall_at10_vs_exact', recall, 'ratio', 0.95, 'higher')
    ]
  } finally {
    await fake.close()
    core.dispose()
  }
}

/** The query's round trip to the fake endpoint alone, part of every hybrid search above. */
async function queryEmbedding(
  knowledge: Core['services']['knowledge'],
  texts: readonly string[]
): Promise<number> {
  const samples: number[] = []
  for (const text of texts) {
    const started = performance.now()
    await knowledge.embedder.embedQuery(text, 3000)
    samples.push(performance.now() - started)
  }
  return percentile(samples, 95)
}

/** The quantised search's top 10 against an exact float scan's, averaged over the queries. */
function vectorRecall(core: Core, floats: Map<number, Float32Array>, queries: readonly string[]): number {
  let found = 0
  for (const text of queries) {
    const query = unit(fakeEmbedding(text, DIMS)) as Float32Array
    const exact = [...floats]
      .map(([id, vector]) => ({ id, score: cosine(query, vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((hit) => hit.id)
    const fast = new Set(core.services.knowledge.vectors.search(query, 10).map((hit) => hit.id))
    found += exact.filter((id) => fast.has(id)).length
  }
  return found / (queries.length * 10)
}

/** The evaluation set, words alone and then hybrid with the fake endpoint; plus its embedding throughput. */
async function measureQuality(ctx: BenchContext): Promise<BenchFigure[]> {
  const core = home(ctx, 'eval')
  const fake = await startFakeEmbeddings({ dims: DIMS })
  try {
    const set = evalSet()
    seedEvalSet(core, set)
    const knowledge = core.services.knowledge
    knowledge.indexPending()
    const bm25 = await scoreEval(core, set, 0)
    await knowledge.configureEmbeddings({ baseUrl: fake.url, model: `fake-${DIMS}` })
    const t0 = performance.now()
    await knowledge.embedPending()
    const embedded = knowledge.embedder.embeddedCount()
    const embedSeconds = (performance.now() - t0) / 1000
    const hybrid = await scoreEval(core, set, 5000)
    ctx.log(
      `evaluation: ${set.items.length} items (${knowledge.store.itemCount()} pieces), ${set.queries.length} queries`
    )
    for (const cls of Object.keys(bm25.byClass) as (keyof typeof bm25.byClass)[])
      ctx.log(
        `  ${cls.padEnd(11)} recall@5 bm25 ${bm25.byClass[cls].recallAt5.toFixed(2)} hybrid ${hybrid.byClass[cls].recallAt5.toFixed(2)}  MRR bm25 ${bm25.byClass[cls].mrr.toFixed(2)} hybrid ${hybrid.byClass[cls].mrr.toFixed(2)}`
      )
    const classesBelow = (Object.keys(bm25.byClass) as (keyof typeof bm25.byClass)[]).filter(
      (cls) => hybrid.byClass[cls].recallAt5 < bm25.byClass[cls].recallAt5
    ).length
    return [
      reference('knowledge.recall_at5_bm25', bm25.recallAt5, 'ratio', 'higher'),
      figure('knowledge.recall_at5_hybrid', hybrid.recallAt5, 'ratio', 0.9, 'higher'),
      reference('knowledge.mrr_bm25', bm25.mrr, 'ratio', 'higher'),
      reference('knowledge.mrr_hybrid', hybrid.mrr, 'ratio', 'higher'),
      figure('knowledge.hybrid_classes_below_bm25', classesBelow, 'classes', 0, 'lower'),
      reference('knowledge.embed_items_per_s', embedded / embedSeconds, 'items/s', 'higher')
    ]
  } finally {
    await fake.close()
    core.dispose()
  }
}

export const knowledgeBench: BenchSuite = {
  name: 'knowledge',
  async run(ctx) {
    return [...(await measureQuality(ctx)), ...(await measureScale(ctx))]
  }
}
