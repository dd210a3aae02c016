import type Database from 'better-sqlite3'

/**
 * What Review and Memories read first, as index ranges. The latest session ends took a scan of
 * every session (each row carries its frozen prompt and tools, so reaching `ended_at` read them
 * all) and a sort; the count of an agent's listed facts read every fact's row to check its
 * origin; the pin events of an agent's facts probed the history of every fact it has. The
 * count's index is in Memories' order, so a page never prefers it for a sort of every fact, and
 * holds `origin` only so that the count reads the index alone: SQLite checks a partial index's
 * condition against the row otherwise.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX sessions_ended
      ON sessions (ended_at DESC, id) WHERE ended_at IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX sessions_agent_ended
      ON sessions (agent_id, ended_at DESC, id) WHERE ended_at IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX memory_facts_listed
      ON memory_facts (agent_id, status, updated_at DESC, id DESC, origin) WHERE origin != 'tool';
    CREATE INDEX memory_fact_events_pins
      ON memory_fact_events (kind) WHERE kind IN ('pinned', 'unpinned');
  `)
}
