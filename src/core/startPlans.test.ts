import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore } from './createCore'
import { buildYearHome, type YearHome } from './testing/year/yearHome'

/** Tables that grow with a year of use: reading one whole at start delays the first screen. */
const LARGE = ['messages', 'sessions', 'api_calls', 'turn_versions', 'memory_facts', 'nexus_entries']

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown

/** Every statement any connection runs while `work` runs, with its arguments. */
async function statementsRun(work: () => Promise<unknown>): Promise<{ sql: string; args: unknown[] }[]> {
  const probe = new Database(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, StatementMethod>
  probe.close()
  const executed: { sql: string; args: unknown[] }[] = []
  const originals = (['all', 'get', 'run', 'iterate'] as const).map((name) => [name, proto[name]] as const)
  for (const [name, original] of originals)
    proto[name] = function (this: Database.Statement, ...args: unknown[]) {
      executed.push({ sql: this.source, args })
      return (original as StatementMethod).apply(this, args)
    }
  try {
    await work()
  } finally {
    for (const [name, original] of originals) proto[name] = original as StatementMethod
  }
  return executed
}

/** The names a statement reads a large table by: the table's own, and any alias it gives it. */
function namesOfLarge(sql: string): Set<string> {
  const names = new Set<string>()
  for (const match of sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    const table = match[1] as string
    if (!LARGE.includes(table)) continue
    names.add(table)
    const alias = match[2]
    if (alias !== undefined && !/^(WHERE|ON|JOIN|LEFT|INNER|ORDER|GROUP|LIMIT|USING|INDEXED)$/i.test(alias))
      names.add(alias)
  }
  return names
}

function bounded(sql: string, plan: readonly string[]): boolean {
  return (
    /\bLIMIT\b/i.test(sql) &&
    !/\b(COUNT|SUM|MAX|MIN|GROUP BY)\b/i.test(sql) &&
    !plan.some((detail) => detail.includes('TEMP B-TREE'))
  )
}

let dir: string
let year: YearHome

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-start-plans-'))
  year = buildYearHome(join(dir, 'home'), { seed: 5, scale: 0.005 })
}, 120_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("a host's start on a year's home", () => {
  it('reads no large table whole, so what it costs does not grow with the data', async () => {
    let plans: string[] = []
    const executed = await statementsRun(async () => {
      const core = createCore({
        home: year.home,
        host: 'cli',
        env: {},
        seams: { knowledgeBackground: false }
      })
      try {
        await core.recovery
      } finally {
        core.dispose()
      }
    })
    const db = new Database(join(year.home, 'hearth.db'), { readonly: true })
    try {
      plans = executed
        .filter((statement) => /^\s*(SELECT|WITH)/i.test(statement.sql))
        .flatMap((statement) => {
          const names = namesOfLarge(statement.sql)
          const plan = (
            db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as { detail: string }[]
          ).map((row) => row.detail)
          // A scan in the order asked that stops at a LIMIT (the log's last entry) reads a page, not the table.
          if (bounded(statement.sql, plan)) return []
          return plan
            .filter((detail) => {
              const scanned = /^SCAN (\w+)/.exec(detail)?.[1]
              return (
                scanned !== undefined && names.has(scanned) && !/COVERING INDEX \w+_interrupted/.test(detail)
              )
            })
            .map((detail) => `${detail}\n    ${statement.sql.replace(/\s+/g, ' ').slice(0, 200)}`)
        })
    } finally {
      db.close()
    }
    expect(executed.length).toBeGreaterThan(5)
    expect([...new Set(plans)]).toEqual([])
  }, 120_000)
})
