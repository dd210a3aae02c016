import type Database from 'better-sqlite3'

/**
 * How far the Nexus chain has been checked: the last entry a check recomputed, its hash, and
 * when every entry was last recomputed from the first. The app's own checks (opening the Nexus,
 * after appends) go on from here instead of hashing a year's log again each time; the Verify
 * button and `hearth nexus verify` still recompute every entry. One row, written by the checks.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_verified (
      id            INTEGER PRIMARY KEY CHECK (id = 1),
      through_seq   INTEGER NOT NULL,
      through_hash  TEXT    NOT NULL,
      whole_at      INTEGER NOT NULL,
      checked_at    INTEGER NOT NULL
    ) STRICT;
  `)
}
