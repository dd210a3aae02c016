import type Database from 'better-sqlite3'

/**
 * The memory bank: retained facts and their history, the recall index, memory-write receipts
 * and the retention runs. Facts and their events are never deleted (triggers refuse it), so a
 * rejected or superseded fact can always be restored.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE memory_facts (
      id                INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id          TEXT    NOT NULL,
      status            TEXT    NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'superseded')),
      type              TEXT    NOT NULL CHECK (type IN ('decision', 'user_fact', 'project_fact', 'error_fix', 'preference')),
      speaker           TEXT    NOT NULL CHECK (speaker IN ('user', 'agent')),
      text              TEXT    NOT NULL,
      entities          TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
      quote             TEXT    NOT NULL DEFAULT '',
      session_id        TEXT,                           -- source session (sessions.id), no FK: facts outlive sessions
      message_id        TEXT,                           -- source message id within that session
      scan_findings     TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strict-scan finding ids; non-empty = marked
      merge_target_id   INTEGER REFERENCES memory_facts(id),
      merge_kind        TEXT    CHECK (merge_kind IN ('duplicate', 'contradiction')),
      recall_suppressed INTEGER NOT NULL DEFAULT 0,     -- 1 = approved but excluded from recall by the user
      origin            TEXT    NOT NULL CHECK (origin IN ('retention', 'user', 'flagged')),
      created_at        INTEGER NOT NULL,
      updated_at        INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX memory_facts_agent_status ON memory_facts (agent_id, status);
    CREATE INDEX memory_facts_session ON memory_facts (session_id, status);

    CREATE TABLE memory_fact_events (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      fact_id     INTEGER NOT NULL REFERENCES memory_facts(id),
      kind        TEXT    NOT NULL,
      before_text TEXT,
      after_text  TEXT,
      detail      TEXT    NOT NULL DEFAULT '{}',        -- JSON object: merge target, re-run session, pin path…
      at          INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX memory_fact_events_fact ON memory_fact_events (fact_id, id);

    CREATE TRIGGER memory_facts_no_delete BEFORE DELETE ON memory_facts
    BEGIN SELECT RAISE(ABORT, 'memory facts are never deleted; reject or supersede them instead'); END;
    CREATE TRIGGER memory_fact_events_no_delete BEFORE DELETE ON memory_fact_events
    BEGIN SELECT RAISE(ABORT, 'memory fact history is append-only'); END;
    CREATE TRIGGER memory_fact_events_no_update BEFORE UPDATE ON memory_fact_events
    BEGIN SELECT RAISE(ABORT, 'memory fact history is append-only'); END;

    -- Recall index. rowid = memory_facts.id for facts, = -memory_file_docs.id for memory files.
    CREATE VIRTUAL TABLE recall_fts USING fts5(
      text, agent_id UNINDEXED, kind UNINDEXED, ref UNINDEXED,
      tokenize = 'porter unicode61 remove_diacritics 2'  -- stems English: "deploys" finds "deploy"
    );

    CREATE TRIGGER memory_facts_recall_insert AFTER INSERT ON memory_facts
    WHEN new.status = 'approved' AND new.recall_suppressed = 0
    BEGIN INSERT INTO recall_fts (rowid, text, agent_id, kind, ref) VALUES (new.id, new.text, new.agent_id, 'fact', new.id); END;

    CREATE TRIGGER memory_facts_recall_update AFTER UPDATE OF status, text, recall_suppressed ON memory_facts
    BEGIN
      DELETE FROM recall_fts WHERE rowid = old.id;
      INSERT INTO recall_fts (rowid, text, agent_id, kind, ref)
        SELECT new.id, new.text, new.agent_id, 'fact', new.id WHERE new.status = 'approved' AND new.recall_suppressed = 0;
    END;

    CREATE TABLE memory_file_docs (
      id        INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id  TEXT    NOT NULL,
      slug      TEXT    NOT NULL,                       -- file name without .md under agents/<id>/memories/
      mtime_ms  INTEGER NOT NULL,
      size      INTEGER NOT NULL,
      UNIQUE (agent_id, slug)
    ) STRICT;

    CREATE TABLE memory_receipts (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id    TEXT    NOT NULL,
      session_id  TEXT,
      target      TEXT    NOT NULL CHECK (target IN ('memory', 'user')),
      path        TEXT    NOT NULL,
      changes     TEXT    NOT NULL,                     -- JSON array of {action, before, after}: whole entries
      usage       TEXT    NOT NULL,                     -- JSON {chars, limit, percent, text, entryCount} after the write
      origin      TEXT    NOT NULL CHECK (origin IN ('tool', 'user', 'pin')),
      at          INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX memory_receipts_session ON memory_receipts (session_id, id);

    CREATE TABLE retention_runs (
      session_id       TEXT    PRIMARY KEY,
      agent_id         TEXT    NOT NULL,
      last_message_id  TEXT,                            -- newest message the run saw; same id = nothing new to retain
      candidate_count  INTEGER NOT NULL,
      error            TEXT,
      ran_at           INTEGER NOT NULL
    ) STRICT;
  `)
}
