import type Database from 'better-sqlite3'

/**
 * Indexes a year of data showed missing (each found by the query-plan test over a generated
 * year, which fails on a hot path that reads a large table whole):
 * - the chat list of every agent sorts live sessions pinned first, then by last activity; this
 *   index holds them in that order, so the first page is read, not all of them;
 * - Review's counts group the pending candidates by agent; by status first, that is a range
 *   of the index instead of every fact.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX IF NOT EXISTS sessions_live_listed
      ON sessions ((pinned_at IS NULL), pinned_at DESC, updated_at DESC, id) WHERE deleted_at IS NULL;
    CREATE INDEX IF NOT EXISTS memory_facts_by_status ON memory_facts (status, agent_id);
  `)
}

/** For a database already past 53 when this was registered: whether both indexes are there. */
export function isApplied(db: Database.Database): boolean {
  const names = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('sessions_live_listed', 'memory_facts_by_status')"
    )
    .all()
  return names.length === 2
}
