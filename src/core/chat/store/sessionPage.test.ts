import { describe, expect, it } from 'vitest'
import type { AgentId, SessionCursor, SessionId } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'
import { useTempDatabase } from '../../node/db/testing/tempDatabase'
import type { Db } from '../../node/db/openDatabase'
import type { SessionRecord } from '../chatTypes'
import { readSessionPage, type SessionPageQuery } from './sessionPage'
import { plainSession } from '../../testing/plainSession'
import { SessionRepository } from './sessionRepository'

const database = useTempDatabase('session-pages')
const AGENTS = [testId.agent('ada'), testId.agent('scribe')]

interface Seeded {
  readonly id: SessionId
  readonly agentId: AgentId
  readonly pinnedAtMs: number | null
  readonly updatedAtMs: number
  readonly deleted: boolean
  readonly imported: boolean
}

/**
 * Chats whose order keys collide on purpose: a few update times shared by many chats, pins that
 * share a time, some in the trash and some imported. Ids are zero-padded so their text order is
 * easy to read in a failure, and are created in shuffled order so the rowid order tells nothing.
 */
function seed(db: Db, count: number): Seeded[] {
  const repo = new SessionRepository(db)
  const chats: Seeded[] = []
  for (let n = 0; n < count; n++) {
    const i = (n * 37) % count // every index once, out of order
    chats.push({
      id: testId.session(`c${String(i).padStart(3, '0')}`),
      agentId: AGENTS[i % 2] as AgentId,
      pinnedAtMs: i % 9 === 0 ? 500 + (i % 2) * 10 : null,
      updatedAtMs: 1000 + (i % 5) * 100,
      deleted: i % 11 === 0,
      imported: i % 4 === 0
    })
  }
  const set = db.prepare(
    'UPDATE sessions SET pinned_at = ?, updated_at = ?, deleted_at = ?, import_id = ? WHERE id = ?'
  )
  for (const chat of chats) {
    repo.createSession(plainSession(chat.id, chat.agentId, 'You are a test.', 1))
    set.run(chat.pinnedAtMs, chat.updatedAtMs, chat.deleted ? 9 : null, chat.imported ? 'imp' : null, chat.id)
  }
  return chats
}

/** The list's order as stated, sorted in JavaScript: pinned first (latest pin first), then latest update, then id. */
function fullSort(chats: readonly Seeded[]): SessionId[] {
  return [...chats]
    .sort(
      (a, b) =>
        Number(a.pinnedAtMs === null) - Number(b.pinnedAtMs === null) ||
        (b.pinnedAtMs ?? 0) - (a.pinnedAtMs ?? 0) ||
        b.updatedAtMs - a.updatedAtMs ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    )
    .map((chat) => chat.id)
}

/** Follows `next` from the first page to the last, checking each page's size and total. */
function allPages(db: Db, query: Omit<SessionPageQuery, 'after'>, expectedTotal: number): SessionId[] {
  const ids: SessionId[] = []
  let after: SessionCursor | undefined
  for (let pages = 0; pages < 1000; pages++) {
    const page = readSessionPage(db, { ...query, ...(after ? { after } : {}) })
    expect(page.total).toBe(expectedTotal)
    expect(page.rows.length).toBeLessThanOrEqual(query.limit)
    if (page.next !== null) expect(page.rows).toHaveLength(query.limit)
    ids.push(...page.rows.map((row: SessionRecord) => row.id))
    if (page.next === null) return ids
    after = page.next
  }
  throw new Error('the pages never ended')
}

describe('the chat list by keyset', () => {
  it('covers every live chat exactly once, in the order of a full sort, at any page size', () => {
    const { db } = database()
    const chats = seed(db, 120)
    const live = chats.filter((chat) => !chat.deleted)
    const expected = fullSort(live)
    expect(
      expected.filter((id) => live.find((c) => c.id === id)?.pinnedAtMs !== null).length
    ).toBeGreaterThan(5)
    for (const limit of [1, 2, 3, 7, 10, 50, 1000])
      expect(allPages(db, { limit }, live.length)).toEqual(expected)
  })

  it('pages one agent, and only imported chats, in the same order', () => {
    const { db } = database()
    const chats = seed(db, 90)
    for (const agentId of AGENTS) {
      const mine = chats.filter((chat) => !chat.deleted && chat.agentId === agentId)
      expect(allPages(db, { agentId, limit: 4 }, mine.length)).toEqual(fullSort(mine))
      const imported = mine.filter((chat) => chat.imported)
      expect(allPages(db, { agentId, imported: true, limit: 3 }, imported.length)).toEqual(fullSort(imported))
    }
  })

  it('goes on from a cursor whose chat has left the list, and ends with next null on an exact fit', () => {
    const { db } = database()
    const chats = seed(db, 30)
    const live = fullSort(chats.filter((chat) => !chat.deleted))
    const first = readSessionPage(db, { limit: 10 })
    expect(first.next).not.toBeNull()
    // The cursor's chat goes to the trash: the next page still starts right after where it stood.
    db.prepare('UPDATE sessions SET deleted_at = 5 WHERE id = ?').run(first.next?.id)
    const second = readSessionPage(db, { limit: 10, ...(first.next ? { after: first.next } : {}) })
    expect(second.rows.map((row) => row.id)).toEqual(live.slice(10, 20))
    const whole = readSessionPage(db, { limit: live.length - 1 })
    expect(whole.rows).toHaveLength(live.length - 1)
    expect(whole.total).toBe(live.length - 1)
    expect(whole.next).toBeNull()
  })

  it('reads each page as ranges of an index in its order: no sort of its own, no scan of the table', () => {
    const { db } = database()
    seed(db, 40)
    const cursors: (SessionCursor | undefined)[] = [
      undefined,
      { pinnedAtMs: 510, updatedAtMs: 1200, id: testId.session('c009') },
      { pinnedAtMs: null, updatedAtMs: 1200, id: testId.session('c017') }
    ]
    const plans: string[] = []
    const prepare = db.prepare.bind(db)
    const spy = (sql: string): ReturnType<Db['prepare']> => {
      if (/^SELECT/.test(sql))
        plans.push(
          (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...argsFor(sql)) as { detail: string }[])
            .map((row) => row.detail)
            .join('; ')
        )
      return prepare(sql)
    }
    ;(db as { prepare: typeof spy }).prepare = spy
    try {
      for (const agentId of [undefined, AGENTS[0]])
        for (const after of cursors)
          readSessionPage(db, { limit: 5, ...(agentId ? { agentId } : {}), ...(after ? { after } : {}) })
    } finally {
      ;(db as { prepare: typeof prepare }).prepare = prepare
    }
    expect(plans.length).toBeGreaterThan(10)
    for (const plan of plans) {
      expect(plan).toMatch(/sessions_(agent_)?listed/)
      expect(plan).not.toContain('TEMP B-TREE')
      expect(plan).not.toMatch(/SCAN sessions$|SCAN sessions;/)
    }
  })
})

/** Placeholder values for a statement's parameters, enough for EXPLAIN QUERY PLAN. */
function argsFor(sql: string): unknown[] {
  return Array.from(sql.matchAll(/\?/g), () => 1)
}
