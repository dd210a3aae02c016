import type Database from 'better-sqlite3'

/**
 * Acknowledgements: a decision or handoff by one author awaits an `ack` entry from each other
 * member (the acks themselves are entries). The user may dismiss one for a member; that choice
 * is kept here. Entries already in the log when this arrived await nobody, so a long history
 * does not turn into a wall of acknowledgements on the first turn.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_ack_dismissals (
      member        TEXT    NOT NULL,        -- who no longer needs to acknowledge
      seq           INTEGER NOT NULL,        -- the entry
      dismissed_at  INTEGER NOT NULL,        -- epoch ms
      PRIMARY KEY (member, seq)
    ) STRICT;
  `)
  db.prepare(
    "INSERT OR REPLACE INTO nexus_marks (reader, mark, seq, updated_at) SELECT '*', 'acks-from', COALESCE(MAX(seq), 0), 0 FROM nexus_entries"
  ).run()
}

export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nexus_ack_dismissals'").get() !==
    undefined
  )
}
