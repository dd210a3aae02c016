import type Database from 'better-sqlite3'

/**
 * How a session ended: why (`end_reason`: the user ended it, it sat idle, or the app quit), and,
 * when it was closed without its session-end work (retention, the Nexus summary) because it held
 * nothing worth it — no reply from the model, only errors, or too short — the reason in words
 * (`end_skipped`), so Chat and Review can say so after a restart. Both stay NULL for sessions
 * that ended before this column existed.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN end_reason TEXT CHECK (end_reason IN ('explicit', 'idle', 'quit'));
    ALTER TABLE sessions ADD COLUMN end_skipped TEXT;
  `)
}

/** A database already past 25 (another feature's migration landed first) may lack the columns. */
export function isApplied(db: Database.Database): boolean {
  const columns = db.prepare("SELECT name FROM pragma_table_info('sessions')").pluck().all()
  return columns.includes('end_reason') && columns.includes('end_skipped')
}
