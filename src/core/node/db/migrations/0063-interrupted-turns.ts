import type Database from 'better-sqlite3'

/**
 * Replies and calls marked `interrupted`, found from an index: every host start looks for chats
 * whose first turn a dead process cut, and without these it counted the turns of every open
 * chat (every message of a year of chats) before the first screen could be answered.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX IF NOT EXISTS messages_interrupted ON messages (session_id) WHERE status = 'interrupted';
    CREATE INDEX IF NOT EXISTS api_calls_interrupted ON api_calls (session_id) WHERE status = 'interrupted';
  `)
}

/** Registered beside migrations numbered below it that may land later: applied by its indexes. */
export function isApplied(db: Database.Database): boolean {
  const found = db
    .prepare(
      `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND name IN ('messages_interrupted', 'api_calls_interrupted')`
    )
    .get() as { n: number }
  return found.n === 2
}
