import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAnthropic } from '../../../tests/fakeAnthropic'
import type { SessionId } from '../../shared/contract'
import { createCore, type Core } from '../createCore'
import { buildYearHome, type YearHome } from '../testing/year/yearHome'
import { dispatch } from './dispatch'
import { createHandlers } from './handlers'

/** Tables that grow with a year of use: a full scan of one on a hot path is what the user feels. */
const LARGE = [
  'messages',
  'sessions',
  'api_calls',
  'turn_versions',
  'memory_facts',
  'memory_fact_events',
  'memory_recalls',
  'memory_recall_items',
  'nexus_entries',
  'knowledge_items'
]

interface Executed {
  readonly sql: string
  readonly args: unknown[]
}

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown

/** Records every statement run while `work` runs (its SQL and arguments), through better-sqlite3's Statement. */
async function statementsRunBy(db: Database.Database, work: () => Promise<unknown>): Promise<Executed[]> {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, StatementMethod>
  const executed: Executed[] = []
  const originals = (['all', 'get', 'run', 'iterate'] as const).map((name) => [name, proto[name]] as const)
  for (const [name, original] of originals) {
    proto[name] = function (this: Database.Statement, ...args: unknown[]) {
      if (this.database === db) executed.push({ sql: this.source, args })
      return (original as StatementMethod).apply(this, args)
    }
  }
  try {
    await work()
  } finally {
    for (const [name, original] of originals) proto[name] = original as StatementMethod
  }
  return executed
}

/**
 * A scan in the order asked that stops at a LIMIT reads one page, not the table: no sort of
 * everything first (a temporary B-tree) and nothing aggregated over every row.
 */
function boundedScan(sql: string, plan: readonly string[]): boolean {
  return (
    /\bLIMIT\b/i.test(sql) &&
    !/\b(COUNT|SUM|MAX|MIN|GROUP BY)\b/i.test(sql) &&
    !plan.some((d) => d.includes('TEMP B-TREE'))
  )
}

/**
 * A list's true count, read from the entries of an index alone (a few bytes each, no row read):
 * one plain count of one table with nothing joined, whose every plan line is an index.
 */
function indexCount(sql: string, plan: readonly string[]): boolean {
  return (
    /^\s*SELECT count\(\*\) FROM \w+( INDEXED BY \w+)? WHERE [^()]*$/i.test(sql) &&
    plan.every((detail) => / INDEX /.test(detail))
  )
}

/** The plan lines that read a whole large table (a plain scan, or a scan of all of one of its indexes). */
function fullScans(db: Database.Database, statement: Executed): string[] {
  if (/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA)/i.test(statement.sql)) return []
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
    detail: string
  }[]
  const plan = rows.map((row) => row.detail)
  if (boundedScan(statement.sql, plan) || indexCount(statement.sql, plan)) return []
  return plan.filter((detail) => {
    const match = /^SCAN (\w+)/.exec(detail)
    return (
      match !== null &&
      LARGE.includes(match[1] as string) &&
      !/VIRTUAL TABLE/.test(detail) &&
      !scansPartialIndex(db, match[1] as string, detail)
    )
  })
}

/**
 * A scan of a partial index reads only the rows its condition holds (the interrupted replies, say),
 * however large the table: bounded by what the condition selects, not by the table.
 */
function scansPartialIndex(db: Database.Database, table: string, detail: string): boolean {
  const index = /USING (?:COVERING )?INDEX (\w+)/.exec(detail)?.[1]
  if (index === undefined) return false
  const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; partial: number }[]
  return indexes.some((row) => row.name === index && row.partial === 1)
}

/**
 * A page (LIMIT) whose plan sorts in a temporary B-tree what it found through an index of a large
 * table: it reads and sorts every row the index found (all of an agent's messages, say) for a page.
 */
function sortedForAPage(db: Database.Database, statement: Executed): string[] {
  if (!/\bLIMIT\b/i.test(statement.sql)) return []
  const plan = (
    db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as { detail: string }[]
  ).map((row) => row.detail)
  if (!plan.some((detail) => detail.includes('TEMP B-TREE FOR ORDER BY'))) return []
  return plan.filter((detail) => {
    const match = /^SEARCH (\w+)/.exec(detail)
    return match !== null && LARGE.includes(match[1] as string)
  })
}

let dir: string
let year: YearHome
let core: Core

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-plans-'))
  year = buildYearHome(join(dir, 'home'), { seed: 3, scale: 0.005 })
  core = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
}, 120_000)

afterAll(() => {
  core.dispose()
  rmSync(dir, { recursive: true, force: true })
})

/** Every view list's and per-turn recall's statements that read a large table whole. */
async function viewListProblems(): Promise<string[]> {
  const handlers = createHandlers(core.services)
  const agentId = year.agentIds[0] as string
  const sessionId = year.longest.sessionId
  const turnId = core.internals.chatStores.calls.forSession(sessionId)[0]?.turnId
  const calls: [string, unknown][] = [
    ['sessions.list', { agentId }],
    ['sessions.list', {}],
    // Pages after a cursor: in the pinned group (the rest of it, then every unpinned chat) and past it.
    [
      'sessions.list',
      { agentId, limit: 50, after: { pinnedAtMs: Date.now(), updatedAtMs: 1, id: sessionId } }
    ],
    ['sessions.list', { limit: 50, after: { pinnedAtMs: Date.now(), updatedAtMs: 1, id: sessionId } }],
    [
      'sessions.list',
      { agentId, limit: 50, after: { pinnedAtMs: null, updatedAtMs: Date.now(), id: sessionId } }
    ],
    ['sessions.list', { limit: 50, after: { pinnedAtMs: null, updatedAtMs: Date.now(), id: sessionId } }],
    ['sessions.get', { id: sessionId }],
    ['sessions.get', { id: sessionId, tail: 200 }],
    ['review.list', {}],
    ['review.list', { status: 'pending', limit: 100, after: { agentId, sessionId: '', id: 1 } }],
    [
      'review.list',
      { agentId, status: 'approved', limit: 100, after: { agentId, sessionId: 'year-00001', id: 1 } }
    ],
    ['review.counts', {}],
    ['review.sessionEnds', { limit: 10 }],
    ['review.sessionEnds', { agentId, limit: 10 }],
    ['memories.list', { agentId }],
    ['memories.list', { agentId, limit: 100 }],
    ['memories.facts', { agentId, limit: 100, after: { updatedAtMs: Date.now(), id: 1_000_000 } }],
    ['memories.facts', { agentId, status: 'forgotten', limit: 100 }],
    ['nexus.list', { limit: 200 }],
    ['nexus.decisions', {}],
    ['nexus.checkpoints', {}],
    ['nexus.cursors', {}],
    ['nexus.conflicts', {}],
    ['nexus.conflicts', { limit: 20, after: { first: 1, second: 1_000_000 } }],
    ['nexus.conflicts', { among: Array.from({ length: 300 }, (_, i) => i + 1), limit: 200 }],
    ['inspector.turn', { sessionId, turnId }],
    ['memory.recall', { agentId, query: 'the garden plan budget' }]
  ]
  const problems: string[] = []
  for (const [method, input] of calls) {
    const executed = await statementsRunBy(core.internals.db, async () => {
      const result = await dispatch(handlers, { method, input })
      if (!result.ok) throw new Error(`${method} failed: ${result.error.message}`)
    })
    expect(executed.length, `${method} ran no statement`).toBeGreaterThan(0)
    for (const statement of executed)
      for (const scan of fullScans(core.internals.db, statement))
        problems.push(`${method}: ${scan}\n    ${statement.sql.replace(/\s+/g, ' ').slice(0, 200)}`)
  }
  return [...new Set(problems)]
}

describe('query plans on the hot paths of a year', () => {
  it('read no large table whole on any view list, the inspector or per-turn recall', async () => {
    expect(await viewListProblems()).toEqual([])
  }, 120_000)

  it('still read none whole once the planner has the statistics the upkeep between turns keeps', async () => {
    core.internals.db.pragma('analysis_limit = 400')
    core.internals.db.pragma('optimize = 0x10002') // every table, as a connection open long enough has
    expect(core.internals.db.prepare('SELECT count(*) FROM sqlite_stat1').pluck().get()).toBeGreaterThan(10)
    expect(await viewListProblems()).toEqual([])
  }, 120_000)

  it('answer the acknowledgements of many entries with a few statements, not a scan of the acks for each', async () => {
    const handlers = createHandlers(core.services)
    let entries = 0
    const executed = await statementsRunBy(core.internals.db, async () => {
      const result = await dispatch(handlers, { method: 'nexus.acks', input: {} })
      if (!result.ok) throw new Error(`nexus.acks failed: ${result.error.message}`)
      entries = (result.value as { entries: unknown[] }).entries.length
    })
    expect(entries).toBeGreaterThan(20)
    // A read of the rows after a seq by the primary key (catching up from the tail) costs what was appended since.
    const plan = (statement: Executed): string =>
      (
        core.internals.db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
          detail: string
        }[]
      )
        .map((row) => row.detail)
        .join('; ')
    const readsOfTheLog = executed.filter(
      (statement) =>
        /FROM nexus_entries/i.test(statement.sql) &&
        plan(statement) !== 'SEARCH nexus_entries USING INTEGER PRIMARY KEY (rowid>?)'
    )
    expect(readsOfTheLog.length).toBeLessThan(entries / 4)
  }, 120_000)

  it("read the lanes' unread counts and what each member owes from index entries, not the log's rows", async () => {
    // A core of its own: what members owe is built on its first read, and kept afterwards.
    const fresh = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
    try {
      const handlers = createHandlers(fresh.services)
      const executed = await statementsRunBy(fresh.internals.db, async () => {
        for (const [method, input] of [
          ['nexus.acks', {}],
          ['nexus.cursors', { agents: [...year.agentIds] }]
        ] as const) {
          const result = await dispatch(handlers, { method, input })
          if (!result.ok) throw new Error(`${method} failed: ${result.error.message}`)
        }
      })
      const readsOfRows = executed.filter((statement) => {
        if (!/FROM nexus_entries/i.test(statement.sql)) return false
        const plan = (
          fresh.internals.db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
            detail: string
          }[]
        ).map((row) => row.detail)
        // By the primary key: the rows after a seq (catching up), or the entries of a page by seq.
        return !plan.every((detail) =>
          /COVERING INDEX|INTEGER PRIMARY KEY|VIRTUAL TABLE|TEMP B-TREE/.test(detail)
        )
      })
      expect(readsOfRows.map((statement) => statement.sql.replace(/\s+/g, ' '))).toEqual([])
    } finally {
      fresh.dispose()
    }
  }, 120_000)

  it("open a long chat on its tail reading only the tail's rows, outlining the rest from an index", async () => {
    const handlers = createHandlers(core.services)
    const executed = await statementsRunBy(core.internals.db, async () => {
      const result = await dispatch(handlers, {
        method: 'sessions.get',
        input: { id: year.longest.sessionId, tail: 20 }
      })
      if (!result.ok) throw new Error(result.error.message)
      expect((result.value as { earlierTurns: number }).earlierTurns).toBeGreaterThan(0)
    })
    const messageReads = executed.filter((statement) => /\bFROM messages\b/i.test(statement.sql))
    expect(messageReads.length).toBeGreaterThan(0)
    for (const statement of messageReads) {
      const plan = (
        core.internals.db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
          detail: string
        }[]
      ).map((row) => row.detail)
      // Rows by their ids (the tail), or the outline's index entries alone: never every row of the chat.
      expect(plan.join('; ')).toMatch(
        /SEARCH messages USING INTEGER PRIMARY KEY \(rowid=\?\)|SEARCH messages USING COVERING INDEX messages_outline/
      )
    }
  }, 120_000)

  it('page the chat list from its index in order: no sort of a range, from any cursor', async () => {
    const handlers = createHandlers(core.services)
    const agentId = year.agentIds[0] as string
    const first = await dispatch(handlers, { method: 'sessions.list', input: { agentId, limit: 1 } })
    if (!first.ok) throw new Error(first.error.message)
    const cursor = (first.value as { next: unknown }).next
    expect(cursor).not.toBeNull()
    const inputs = [{ agentId, limit: 1, after: cursor }, { limit: 1, after: cursor }, { agentId }, {}]
    for (const input of inputs) {
      const executed = await statementsRunBy(core.internals.db, async () => {
        const result = await dispatch(handlers, { method: 'sessions.list', input })
        if (!result.ok) throw new Error(result.error.message)
      })
      const pages = executed.filter((statement) => /\bLIMIT\b/.test(statement.sql))
      expect(pages.length).toBeGreaterThan(0)
      for (const statement of pages) {
        const plan = (
          core.internals.db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
            detail: string
          }[]
        ).map((row) => row.detail)
        expect(plan.join('; ')).toMatch(/USING INDEX sessions_(agent_)?listed/)
        expect(plan.join('; ')).not.toContain('TEMP B-TREE')
      }
    }
  }, 120_000)

  it('read no large table whole on a turn: the send, recall, the Nexus block, the prompt and the reply', async () => {
    // The year's newest chat is still open; it is long enough for the turn to assemble real history.
    const sessionId = `year-${String(year.volumes.sessions).padStart(5, '0')}` as SessionId
    const fake = await startFakeAnthropic()
    const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
    const turnCore = createCore({ home: year.home, host: 'cli', env, seams: { knowledgeBackground: false } })
    try {
      const executed = await statementsRunBy(turnCore.internals.db, async () => {
        const started = await turnCore.services.chat.start({
          sessionId,
          text: 'What did we decide about the garden plan budget?'
        })
        await started.done
      })
      expect(fake.requests.length).toBe(1)
      expect(executed.length).toBeGreaterThan(10)
      // Planned as a connection open long enough has it: with the statistics the upkeep keeps.
      turnCore.internals.db.pragma('analysis_limit = 400')
      turnCore.internals.db.pragma('optimize = 0x10002')
      const problems = new Set<string>()
      for (const statement of executed)
        for (const scan of [
          ...fullScans(turnCore.internals.db, statement),
          ...sortedForAPage(turnCore.internals.db, statement)
        ])
          problems.add(`${scan}\n    ${statement.sql.replace(/\s+/g, ' ').slice(0, 200)}`)
      expect([...problems]).toEqual([])
    } finally {
      turnCore.dispose()
      await fake.close()
    }
  }, 120_000)
})
