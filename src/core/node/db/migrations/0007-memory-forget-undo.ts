import type Database from 'better-sqlite3'

/**
 * Memory the user can see and undo.
 *
 * - Facts gain the status `forgotten` (the user took an approved fact back: never recalled,
 *   kept with its history, restorable) and the origin `tool` (a memory-tool write the agent
 *   asked for while the user wants to be asked first; `tool_write` holds that write). SQLite
 *   cannot change a CHECK in place, so the table is rebuilt with its ids, indexes and triggers;
 *   `recall_fts` keys facts by id and keeps working. A tool write lands in MEMORY.md / USER.md
 *   once approved, which the prompt already carries, so recall never indexes it.
 * - Receipts keep the exact bytes the file had before the write (or that it did not exist) and
 *   the sha256 of the bytes the write left, so Undo can restore the file byte for byte and refuse
 *   when something changed it since. Receipts written before this version cannot be undone.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE memory_facts_next (
      id                INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id          TEXT    NOT NULL,
      status            TEXT    NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'superseded', 'forgotten')),
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
      origin            TEXT    NOT NULL CHECK (origin IN ('retention', 'user', 'flagged', 'tool')),
      tool_write        TEXT,                           -- origin 'tool': JSON {target, operations, changes} the agent asked for
      created_at        INTEGER NOT NULL,
      updated_at        INTEGER NOT NULL,
      CHECK ((origin = 'tool') = (tool_write IS NOT NULL))
    ) STRICT;
    INSERT INTO memory_facts_next (id, agent_id, status, type, speaker, text, entities, quote, session_id, message_id, scan_findings,
        merge_target_id, merge_kind, recall_suppressed, origin, tool_write, created_at, updated_at)
      SELECT id, agent_id, status, type, speaker, text, entities, quote, session_id, message_id, scan_findings,
        merge_target_id, merge_kind, recall_suppressed, origin, NULL, created_at, updated_at FROM memory_facts;
    DROP TABLE memory_facts;
    ALTER TABLE memory_facts_next RENAME TO memory_facts;
    CREATE INDEX memory_facts_agent_status ON memory_facts (agent_id, status);
    CREATE INDEX memory_facts_session ON memory_facts (session_id, status);

    CREATE TRIGGER memory_facts_no_delete BEFORE DELETE ON memory_facts
    BEGIN SELECT RAISE(ABORT, 'memory facts are never deleted; reject, supersede or forget them instead'); END;

    CREATE TRIGGER memory_facts_recall_insert AFTER INSERT ON memory_facts
    WHEN new.status = 'approved' AND new.recall_suppressed = 0 AND new.origin <> 'tool'
    BEGIN INSERT INTO recall_fts (rowid, text, agent_id, kind, ref) VALUES (new.id, new.text, new.agent_id, 'fact', new.id); END;

    CREATE TRIGGER memory_facts_recall_update AFTER UPDATE OF status, text, recall_suppressed ON memory_facts
    BEGIN
      DELETE FROM recall_fts WHERE rowid = old.id;
      INSERT INTO recall_fts (rowid, text, agent_id, kind, ref)
        SELECT new.id, new.text, new.agent_id, 'fact', new.id WHERE new.status = 'approved' AND new.recall_suppressed = 0 AND new.origin <> 'tool';
    END;

    ALTER TABLE memory_receipts ADD COLUMN before_bytes BLOB;                 -- the file before the write; NULL with before_missing = 1
    ALTER TABLE memory_receipts ADD COLUMN before_missing INTEGER NOT NULL DEFAULT 0 CHECK (before_missing IN (0, 1));
    ALTER TABLE memory_receipts ADD COLUMN after_sha256 TEXT;                 -- hex sha256 of the bytes written; NULL = not undoable
    ALTER TABLE memory_receipts ADD COLUMN undone_at INTEGER;                 -- set once Undo restored the file
  `)
}
