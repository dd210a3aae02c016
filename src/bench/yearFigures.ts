import { createCore } from '../core/createCore'
import type { Db } from '../core/node/db/openDatabase'
import type { YearHome } from '../core/testing/year/yearHome'
import { figure, reference, type BenchFigure } from './benchTypes'

/**
 * The tables (with their indexes and full-text shadow tables) that store each kind of row; the
 * knowledge index's copy of a row is counted under `knowledge` rather than under its source.
 */
const OWNERS: Record<'message' | 'fact' | 'entry', RegExp> = {
  message: /^(messages|messages_|sqlite_autoindex_messages)/,
  fact: /^(memory_facts|memory_fact_events|sqlite_autoindex_memory_fact)/,
  entry: /^(nexus_entries|sqlite_autoindex_nexus_entries)/
}

/** Bytes of every table and index in the file, from SQLite's own page accounting (dbstat). */
function bytesByName(db: Db): Map<string, number> {
  const rows = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all() as {
    name: string
    bytes: number
  }[]
  return new Map(rows.map((row) => [row.name, row.bytes]))
}

function bytesOf(sizes: Map<string, number>, owner: RegExp): number {
  return [...sizes].filter(([name]) => owner.test(name)).reduce((sum, [, bytes]) => sum + bytes, 0)
}

/**
 * What the year costs to hold and to check: bytes per message, per fact and per Nexus entry
 * (their tables, indexes and full-text indexes; the database should grow linearly), and
 * `nexus verify` over the whole log (≤ 3 s).
 */
export function yearStorageFigures(
  year: YearHome,
  rows: { messages: number; facts: number; entries: number }
): BenchFigure[] {
  const core = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
  try {
    const sizes = bytesByName(core.internals.db)
    const started = performance.now()
    const cpu = process.cpuUsage()
    const report = core.services.nexus.verify()
    const verifyMs = performance.now() - started
    const used = process.cpuUsage(cpu)
    if (!report.ok || report.count !== rows.entries)
      throw new Error(`the year's Nexus did not verify: ${report.problems.join('; ')}`)
    return [
      reference('year.bytes_per_message', bytesOf(sizes, OWNERS.message) / rows.messages, 'B', 'lower'),
      reference('year.bytes_per_fact', bytesOf(sizes, OWNERS.fact) / rows.facts, 'B', 'lower'),
      reference('year.bytes_per_entry', bytesOf(sizes, OWNERS.entry) / rows.entries, 'B', 'lower'),
      figure('year.verify_ms', verifyMs, 'ms', 3000, 'lower'),
      reference('year.verify_cpu_ms', (used.user + used.system) / 1000, 'ms', 'lower')
    ]
  } finally {
    core.dispose()
  }
}
