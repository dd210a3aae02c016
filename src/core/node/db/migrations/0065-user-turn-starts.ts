import type Database from 'better-sqlite3'

/**
 * Every user turn's start, newest first, from an index of only those rows: the cache-lifetime
 * choice reads an agent's last few dozen turns at every turn, and walking the messages table
 * itself read whole rows (content and all) of every reply and tool result on the way.
 */
export function up(db: Database.Database): void {
  db.exec(
    `CREATE INDEX IF NOT EXISTS messages_user_turns ON messages (id, session_id, created_at) WHERE role = 'user' AND kind = 'text'`
  )
}
