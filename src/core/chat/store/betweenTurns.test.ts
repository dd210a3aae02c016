import Database from 'better-sqlite3'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { testId } from '../../../shared/testing/ids'
import type { Db } from '../../node/db/openDatabase'
import { useTempDatabase } from '../../node/db/testing/tempDatabase'
import { walFramesPending } from '../../node/db/walFrames'
import { plainSession } from '../../testing/plainSession'
import { SessionRepository } from './sessionRepository'
import { SessionSearch } from './sessionSearch'

const SESSION = testId.session('s1')

const temp = useTempDatabase('upkeep')
let db: Db
let repo: SessionRepository

beforeEach(() => {
  db = temp().db
  repo = new SessionRepository(db)
  repo.createSession(plainSession(SESSION, testId.agent('scribe'), 'You are Scribe.', 1))
})

/** Each message in its own commit, as a turn writes them. */
function appendMessages(count: number): void {
  for (let i = 0; i < count; i++)
    repo.appendMessage({
      sessionId: SESSION,
      turnId: testId.turn(`t${i}`),
      role: 'user',
      kind: 'text',
      content: [{ type: 'text', text: `message ${i} about beehives and word${i}` }],
      status: 'complete',
      nowMs: 10 + i
    })
}

describe('database upkeep between turns', () => {
  it('starts the write-ahead log over, so the next message does not wait for it', () => {
    appendMessages(20)
    const frames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    expect(frames()).toBeGreaterThan(20)
    repo.maintainBetweenTurns()
    // Restarted: the log holds only the one-page restart commit, not the turn's frames.
    expect(frames()).toBe(1)
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(0)
    expect(repo.messages(SESSION)).toHaveLength(20)
  })

  it("folds a long log at a turn's end and leaves a short one for the pause", () => {
    appendMessages(5)
    const short = walFramesPending(db)
    expect(short).toBeGreaterThan(5)
    expect(repo.foldLongLog()).toBe(false)
    expect(walFramesPending(db)).toBe(short)
    while (walFramesPending(db) < 500) appendMessages(20)
    expect(repo.foldLongLog()).toBe(true)
    // Folded and started over: the log holds only the one-page restart commit.
    expect(walFramesPending(db)).toBe(1)
    expect(repo.messages(SESSION).length).toBeGreaterThan(20)
  })

  it('merges the search index segments that the message commits left, and search still finds every word', () => {
    appendMessages(64)
    const segmentRows = () => db.prepare('SELECT count(*) FROM messages_fts_data').pluck().get() as number
    const before = segmentRows()
    repo.maintainBetweenTurns()
    expect(segmentRows()).toBeLessThan(before)
    const search = new SessionSearch(db)
    expect(search.search('beehives', { limit: 100 })).toHaveLength(64)
    expect(search.search('word63', { limit: 5 }).map((hit) => hit.snippet)).toEqual([
      expect.stringContaining('word63')
    ])
  })

  it("keeps the planner's statistics: tables a turn used get them, and a second pause has nothing to do", () => {
    appendMessages(30)
    expect(repo.messages(SESSION)).toHaveLength(30)
    const stats = () =>
      db.prepare("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'messages'").pluck().get() as number
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").pluck().get()).toBe(0)
    repo.maintainBetweenTurns()
    expect(stats()).toBeGreaterThan(0)
    const analysed = db.prepare('SELECT * FROM sqlite_stat1 ORDER BY tbl, idx').all()
    repo.maintainBetweenTurns()
    expect(db.prepare('SELECT * FROM sqlite_stat1 ORDER BY tbl, idx').all()).toEqual(analysed)
  })

  it('gives up at once while another process writes, and keeps waiting for locks elsewhere', () => {
    appendMessages(4)
    const other = new Database(temp().file)
    other.prepare('BEGIN IMMEDIATE').run()
    try {
      const started = performance.now()
      expect(() => repo.maintainBetweenTurns()).toThrow(/locked|busy/i)
      expect(performance.now() - started).toBeLessThan(1000)
      expect(db.pragma('busy_timeout', { simple: true })).toBe(10_000)
    } finally {
      other.prepare('ROLLBACK').run()
      other.close()
    }
    expect(() => repo.maintainBetweenTurns()).not.toThrow()
  })

  it('in steps, lets other work run between them and ends with the log started over', async () => {
    appendMessages(20)
    const frames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    let between = 0
    const ticks = setInterval(() => between++, 0)
    const failures: unknown[] = []
    repo.maintainInSteps(
      () => false,
      (error) => failures.push(error)
    )
    await vi.waitFor(() => expect(frames()).toBe(1))
    clearInterval(ticks)
    expect(failures).toEqual([])
    expect(between).toBeGreaterThan(0)
  })

  it('in steps, stops when a turn starts, and reports a failure instead of throwing it', async () => {
    appendMessages(20)
    const frames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log
    let steps = 0
    repo.maintainInSteps(
      () => ++steps > 3,
      () => undefined
    )
    await vi.waitFor(() => expect(steps).toBe(4))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(steps).toBe(4)
    expect(frames()).toBeGreaterThan(1) // the log was not restarted: the steps stopped before it
    const failures: unknown[] = []
    const other = new Database(temp().file)
    other.prepare('BEGIN IMMEDIATE').run()
    try {
      repo.maintainInSteps(
        () => false,
        (error) => failures.push(error)
      )
      await vi.waitFor(() => expect(failures).toHaveLength(1))
    } finally {
      other.prepare('ROLLBACK').run()
      other.close()
    }
    expect(String(failures[0])).toMatch(/locked|busy/i)
  })
})
