import type Database from 'better-sqlite3'

/** Agents: each row pairs with a folder HEARTH_HOME/agents/<id>/. */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE agents (
      id          TEXT    PRIMARY KEY,           -- slug, also the folder name
      name        TEXT    NOT NULL,              -- display name, free text
      created_at  INTEGER NOT NULL,              -- epoch ms
      deleted_at  INTEGER                        -- soft delete; the folder is moved to agents/.trash
    ) STRICT;
  `)
}
