import type Database from 'better-sqlite3'

/**
 * Conflicting decisions, flagged once when the later one is checked (by any author, the same one
 * included) instead of recomputed over the whole log on every look, and the marks that say how
 * far each reader and each background pass has got (the conflict checks, the acknowledgement
 * start, which project-state version each agent has seen). A conflict stays flagged; it is
 * settled by a `resolution` entry referencing both decisions, found when conflicts are read.
 * Decisions already in the log are checked by the first scan (no mark yet means from the start).
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_conflicts (
      first_seq   INTEGER NOT NULL,          -- the earlier decision
      second_seq  INTEGER NOT NULL,          -- the later decision
      method      TEXT    NOT NULL CHECK (method IN ('terms', 'similarity')),
      signal      TEXT    NOT NULL CHECK (signal IN ('negation', 'antonym', 'quantity', 'alternative', 'swap')),
      contrast    TEXT    NOT NULL,          -- JSON [earlier side, later side], as written
      subject     TEXT    NOT NULL,          -- JSON array of the key terms both share
      score       REAL    NOT NULL CHECK (score >= 0 AND score <= 1),
      flagged_at  INTEGER NOT NULL,          -- epoch ms
      PRIMARY KEY (first_seq, second_seq),
      CHECK (first_seq < second_seq)
    ) STRICT;
    CREATE INDEX nexus_conflicts_by_second ON nexus_conflicts (second_seq);

    CREATE TABLE nexus_marks (
      reader      TEXT    NOT NULL,          -- an agent or member, or '*' for the log's own passes
      mark        TEXT    NOT NULL CHECK (mark IN ('conflict-scan', 'similarity-scan', 'acks-from', 'state-seen')),
      seq         INTEGER NOT NULL CHECK (seq >= 0),
      updated_at  INTEGER NOT NULL,
      PRIMARY KEY (reader, mark)
    ) STRICT;
  `)
}

export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nexus_conflicts'").get() !==
    undefined
  )
}
