import type { Db } from '../../node/db/openDatabase'
import { optimizeDatabase } from '../../node/db/optimize'

/** The transcript's full-text indexes, which merge their segments here rather than in a commit. */
const TRANSCRIPT_INDEXES = ['messages_fts', 'messages_fts_trigram'] as const

/** Pages of segment merging each index may write per pause: enough to keep up with any chat. */
const MERGE_PAGES_PER_PAUSE = 500

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
 * None of it waits for another process: while one holds the write lock, this throws SQLITE_BUSY
 * at once (the caller skips the upkeep until the next pause) instead of blocking for the busy
 * timeout. PASSIVE never blocks readers or writers; a log still in use is simply not restarted.
 */
export function maintainBetweenTurns(db: Db): void {
  withoutWaiting(db, () => {
    db.transaction(() => {
      for (const index of TRANSCRIPT_INDEXES)
        db.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`).run(MERGE_PAGES_PER_PAUSE)
    })()
    optimizeDatabase(db) // before the checkpoint: any statistics it writes are folded in too
    db.pragma('wal_checkpoint(PASSIVE)')
    restartLog(db)
  })
}

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
