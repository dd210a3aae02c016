import type Database from 'better-sqlite3'

/**
 * Which Nexus entry stands for which chat turn: at most one per turn, whether the model wrote
 * it (a closing nexus_post), Hearth wrote it without a model call, or the user asked for it.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_turn_entries (
      turn_id     TEXT    PRIMARY KEY,       -- t_… (one entry per turn)
      session_id  TEXT    NOT NULL,
      agent       TEXT    NOT NULL,
      seq         INTEGER NOT NULL,          -- the entry
      source      TEXT    NOT NULL CHECK (source IN ('model', 'auto', 'marked')),
      created_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX nexus_turn_entries_by_session ON nexus_turn_entries (session_id);
  `)
}

export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nexus_turn_entries'").get() !==
    undefined
  )
}
