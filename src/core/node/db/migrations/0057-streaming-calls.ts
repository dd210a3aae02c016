import type Database from 'better-sqlite3'

/**
 * Calls still marked `streaming` found from an index, as replies already are: every host start
 * looks for calls a dead process left streaming, and without it that read the whole api_calls
 * table (every request body a year of chats sent).
 */
export function up(db: Database.Database): void {
  db.exec(`CREATE INDEX IF NOT EXISTS api_calls_streaming ON api_calls (status) WHERE status = 'streaming'`)
}

/** Registered beside migrations numbered below it that may land later: applied by its index. */
export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'api_calls_streaming'`).get() !==
    undefined
  )
}
