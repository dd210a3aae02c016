import Database from 'better-sqlite3'
import { migrate } from '../migrate'
import { MIGRATIONS } from '../migrations'

/** An in-memory database with every migration below `version` applied: what a migration's test starts from. */
export function databaseBefore(version: number): Database.Database {
  const database = new Database(':memory:')
  migrate(
    database,
    MIGRATIONS.filter((migration) => migration.version < version)
  )
  return database
}
