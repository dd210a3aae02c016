import type Database from 'better-sqlite3'

/**
 * The memory write journal. A memory-tool write touches two stores, MEMORY.md / USER.md on disk
 * and its receipt in this database, and no transaction spans both. So the write is recorded
 * here first (with everything its receipt needs), then the file is replaced, then the receipt is
 * inserted and the journal row deleted in one transaction. A row left behind by a killed writer
 * is settled by the next process: when the file holds what the write meant to leave
 * (`after_sha256`) the receipt is made; otherwise the write never landed and the row goes.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE memory_journal (
      id              INTEGER PRIMARY KEY,
      path            TEXT    NOT NULL,                         -- the file the write replaces
      receipt         TEXT    NOT NULL,                         -- JSON: the receipt to make once the file is written
      before_bytes    BLOB,                                     -- the file's bytes before the write (its undo)
      before_missing  INTEGER NOT NULL,                         -- 1: the file did not exist before
      after_sha256    TEXT    NOT NULL,                         -- what the file holds once the write landed
      writer_pid      INTEGER NOT NULL,                         -- the writing process: a live one is never settled for
      writer_started  TEXT,
      writer_host     TEXT    NOT NULL,
      created_at      INTEGER NOT NULL                          -- epoch ms
    ) STRICT;
    CREATE INDEX memory_journal_by_path ON memory_journal (path);
  `)
}
