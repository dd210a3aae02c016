import type Database from 'better-sqlite3'

/**
 * Facts read a page at a time, in the order each view shows them, so the first page of a year's
 * facts is read from an index instead of sorting all of them:
 * - Review's inbox: by status, agent, source chat (none first), then id; the keyset
 *   `(agent, chat, id) > cursor` is a range of this index, with or without an agent;
 * - Memories: one agent's facts of one status, most recently changed first (the order its
 *   facts are listed in).
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX IF NOT EXISTS memory_facts_review_order
      ON memory_facts (status, agent_id, coalesce(session_id, ''), id);
    CREATE INDEX IF NOT EXISTS memory_facts_recent
      ON memory_facts (agent_id, status, updated_at DESC, id DESC);
  `)
}
