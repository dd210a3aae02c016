import Database from 'better-sqlite3'
import { migrate } from './migrate'

export type Db = Database.Database

/**
 * Opens hearth.db with the pragmas the whole app relies on (the only place pragmas live):
 * WAL so the app, CLI processes and MCP clients can read while one writes; a busy timeout so
 * concurrent writers queue instead of failing; foreign keys on. Migrates before returning.
 */
export function openDatabase(file: string, options: { nativeBinding?: string } = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 10000')
  db.pragma('foreign_keys = ON')
  db.pragma('synchronous = NORMAL')
  migrate(db)
  return db
}
