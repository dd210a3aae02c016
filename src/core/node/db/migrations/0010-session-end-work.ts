import type Database from 'better-sqlite3'

/**
 * Session end as durable work: ending a session first commits one row per session-end hook
 * (retention, the Nexus summary) in the same transaction that marks the session ended; each row
 * is then claimed, run and marked done. A process killed in between leaves rows that any host
 * finishes the next time it opens the home, so no ended session is left without its work and
 * none gets it twice. No foreign key to sessions: the log outlives nothing it must not.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE session_end_work (
      session_id      TEXT    NOT NULL,
      agent_id        TEXT    NOT NULL,
      hook            TEXT    NOT NULL,                    -- session-end hook id, e.g. 'retention', 'nexus'
      state           TEXT    NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
      claimed_pid     INTEGER,                             -- process running it while 'running'
      claimed_started TEXT,                                -- that process's start time (pid reuse)
      claimed_host    TEXT,
      error           TEXT,                                -- why it failed ('failed' only)
      created_at      INTEGER NOT NULL,
      finished_at     INTEGER,
      PRIMARY KEY (session_id, hook)
    ) STRICT;
    CREATE INDEX session_end_work_open ON session_end_work (state) WHERE state IN ('pending', 'running');
  `)
}

export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'session_end_work'").get() !==
    undefined
  )
}
