import type Database from 'better-sqlite3'

/**
 * Rows that are `streaming` name the process writing them by pid AND start time. A pid alone
 * is reused by the operating system, so after a crash an unrelated process could make a dead
 * writer look alive and leave its reply `streaming` forever. Older rows (NULL) keep the pid-only
 * check they were written for.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE messages ADD COLUMN writer_started TEXT;   -- start time of writer_pid (opaque, platform-specific)
    ALTER TABLE api_calls ADD COLUMN writer_started TEXT;  -- start time of writer_pid while the call is 'streaming'
  `)
}

export function isApplied(db: Database.Database): boolean {
  return (
    (
      db
        .prepare("SELECT count(*) AS n FROM pragma_table_info('messages') WHERE name = 'writer_started'")
        .get() as { n: number }
    ).n > 0
  )
}
