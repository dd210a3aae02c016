import type Database from 'better-sqlite3'

/**
 * The chat list read a page at a time. Both indexes hold live chats in the list's order (pinned
 * first, the latest pin first, then the latest activity, then id), one across agents and one per
 * agent, so a page after any cursor is a few seeks and ranges read in order, and the list's count
 * reads index entries only. They are spelled `pinned_at DESC` (SQLite sorts NULL lowest, so the
 * unpinned ones come last): with the expression `(pinned_at IS NULL)` first, as in 53's index,
 * the first page reads in order but a page after a cursor sorts its range again. 53's index
 * stays (its own check would put it back on every open if it went).
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX sessions_listed ON sessions (pinned_at DESC, updated_at DESC, id) WHERE deleted_at IS NULL;
    CREATE INDEX sessions_agent_listed
      ON sessions (agent_id, pinned_at DESC, updated_at DESC, id) WHERE deleted_at IS NULL;
  `)
}
