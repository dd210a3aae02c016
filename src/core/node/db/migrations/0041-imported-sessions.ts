import type Database from 'better-sqlite3'

/**
 * Imported chats are ordinary sessions and messages (so search, the chat list and the knowledge
 * index find them with nothing extra), marked with the import that brought them and the runtime
 * they came from. Their `started_at`, `updated_at`, `ended_at` and each message's `created_at`
 * keep the original times.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN import_id TEXT;       -- import_runs.id, NULL for a chat held here
    ALTER TABLE sessions ADD COLUMN import_source TEXT;   -- hermes, openclaw, chatgpt, claude, hearth
    CREATE INDEX sessions_by_import ON sessions (import_id) WHERE import_id IS NOT NULL;
  `)
}

export function isApplied(db: Database.Database): boolean {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('sessions') as string[]
  return columns.includes('import_id')
}
