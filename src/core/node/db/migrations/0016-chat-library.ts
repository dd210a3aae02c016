import type Database from 'better-sqlite3'

/**
 * What a person does with their chats: a name they chose (or one generated after the first
 * exchange, never over theirs), a pin that keeps a chat at the top of its agent's list, and the
 * trash. `title_source` says where the title came from so a generated title never replaces the
 * user's; `deleted_at` moves a chat to the trash (hidden from lists and search, every row kept)
 * until the user deletes it forever.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN title_source TEXT NOT NULL DEFAULT 'first-message'
      CHECK (title_source IN ('first-message', 'generated', 'user'));
    ALTER TABLE sessions ADD COLUMN pinned_at INTEGER;   -- epoch ms the chat was pinned, NULL = not pinned
    ALTER TABLE sessions ADD COLUMN deleted_at INTEGER;  -- epoch ms the chat went to the trash, NULL = live
    CREATE INDEX sessions_live_by_agent ON sessions (agent_id, updated_at) WHERE deleted_at IS NULL;
    CREATE INDEX sessions_trash ON sessions (deleted_at) WHERE deleted_at IS NOT NULL;
  `)
}

/** A database already past 16 (another feature's migration landed first) may still lack the columns. */
export function isApplied(db: Database.Database): boolean {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('sessions') as string[]
  return columns.includes('title_source')
}
