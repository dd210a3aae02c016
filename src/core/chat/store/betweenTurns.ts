import type { Db } from '../../node/db/openDatabase'
import { optimizeDatabase } from '../../node/db/optimize'
import { walFramesPending } from '../../node/db/walFrames'

/** The transcript's full-text indexes, which merge their segments here rather than in a commit. */
const TRANSCRIPT_INDEXES = ['messages_fts', 'messages_fts_trigram'] as const

/** Pages of segment merging each index may write per pause: enough to keep up with any chat. */
const MERGE_PAGES_PER_PAUSE = 500
/**
 * Pages merged in one step. A step holds the thread (a step of the trigram index costs about 1 ms
 * per 10 pages on a year's home), so a pause is cut into steps a waiting request can slip between.
 */
const MERGE_PAGES_PER_STEP = 50

/**
 * The database upkeep a chat does between turns, while nobody waits, so that appending a message
 * is one small commit and nothing else:
 * - the search indexes merge their segments (migration 0018 took that out of the commits that add
 *   messages; left there, every 64th message waited for a merge, and every 1024th for 20–30 ms);
 * - the planner's statistics are refreshed where they went stale (`optimizeDatabase`);
 * - the write-ahead log is folded into the database (left to SQLite's automatic checkpoint, that
 *   lands on whichever append crosses the threshold);
 * - and the log is started over. Once a checkpoint has folded the whole log, the next commit
 *   starts it over and syncs its header to disk first (even with `synchronous = NORMAL`): without
 *   the restart here, the first message of every turn would wait for an fsync.
 * Each element is one step, short enough to run between two requests; in this order (statistics
 * before the checkpoint, so any it writes are folded in too).
 */
export function upkeepSteps(db: Db): (() => void)[] {
  const merges = TRANSCRIPT_INDEXES.flatMap((index) =>
    Array.from({ length: MERGE_PAGES_PER_PAUSE / MERGE_PAGES_PER_STEP }, () => () => {
      db.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`).run(MERGE_PAGES_PER_STEP)
    })
  )
  return [...merges, () => optimizeDatabase(db), ...foldSteps(db)].map(
    (step) => () => withoutWaiting(db, step)
  )
}

/** The log folded into the database, then started over: the upkeep's last two steps. */
function foldSteps(db: Db): (() => void)[] {
  return [() => db.pragma('wal_checkpoint(PASSIVE)'), () => restartLog(db)]
}

/**
 * Frames from which a turn's end folds the log itself. SQLite folds it on its own once it holds
 * 1,000 frames, inside whichever commit crosses that line; when turns follow each other with no
 * pause for the upkeep (a script, an agent at work), that was the user message of about every
 * tenth turn, held up by the fold's two fsyncs before its request could leave. A turn writes far
 * fewer than the 500 frames left below that line before its request leaves.
 */
const FOLD_FROM_FRAMES = 500

/**
 * At a turn's end, the log folded into the database and started over when it has grown past
 * `FOLD_FROM_FRAMES`, at once rather than in the pause after it, which may never come before the
 * next send. Returns whether it folded; throws SQLITE_BUSY while another process is writing.
 */
export function foldLongLog(db: Db): boolean {
  if (walFramesPending(db) < FOLD_FROM_FRAMES) return false
  for (const step of foldSteps(db)) withoutWaiting(db, step)
  return true
}

/** Every step at once: the upkeep when nothing else can be waiting (tests, benches, tools). */
export function maintainBetweenTurns(db: Db): void {
  for (const step of upkeepSteps(db)) step()
}

/**
 * The steps one after another, each in its own turn of the event loop, so a request that
 * arrives meanwhile waits for one step at most. Stops before a step when `stop()` says so (a turn
 * started: its appends come first; the next pause carries on) or at the first failure, which it
 * hands to `failed` (closed, or another process is writing).
 */
export function maintainInSteps(db: Db, stop: () => boolean, failed: (error: unknown) => void): void {
  const steps = upkeepSteps(db)
  const next = (i: number): void => {
    const step = steps[i]
    if (step === undefined || stop()) return
    try {
      step()
    } catch (error) {
      failed(error)
      return
    }
    setImmediate(() => next(i + 1))
  }
  setImmediate(() => next(0))
}

/**
 * None of the upkeep waits for another process: while one holds the write lock, a step throws
 * SQLITE_BUSY at once (the caller skips the upkeep until the next pause) instead of blocking for
 * the busy timeout. PASSIVE never blocks readers or writers; a log still in use is simply not
 * restarted.
 */
function withoutWaiting(db: Db, work: () => void): void {
  const timeout = Number(db.pragma('busy_timeout', { simple: true }))
  db.pragma('busy_timeout = 0')
  try {
    work()
  } finally {
    db.pragma(`busy_timeout = ${timeout}`)
  }
}

/**
 * Rewriting `user_version` with its own value is the smallest commit there is (one page); inside
 * an immediate transaction, so no other process can change it in between.
 */
function restartLog(db: Db): void {
  db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }))
    db.pragma(`user_version = ${version}`)
  }).immediate()
}
