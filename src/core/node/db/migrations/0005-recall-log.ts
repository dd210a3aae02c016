import type Database from 'better-sqlite3'

/**
 * The recall log: what per-turn recall added to each user message, so the "recalled this turn"
 * chip comes back after a reload or in another host. Only metadata is kept — the recalled
 * items with their ids, text and scores — never the fenced block the model read, which stays
 * out of the transcript and the prompt. Memory-write receipts gain the turn that wrote them so
 * the chat can place them without guessing from timestamps.
 *
 * No foreign keys to sessions, as in the memory bank: recall is logged before the turn's first
 * model call and must never fail a turn because a row it points at is missing.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE memory_recalls (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id    TEXT    NOT NULL,
      session_id  TEXT    NOT NULL,
      turn_id     TEXT    NOT NULL,
      turn_index  INTEGER NOT NULL CHECK (turn_index >= 0),  -- 0-based user turn within the session
      provider    TEXT    NOT NULL,                          -- turn-context provider id, e.g. 'recall'
      at          INTEGER NOT NULL,
      UNIQUE (turn_id, provider)
    ) STRICT;
    CREATE INDEX memory_recalls_session ON memory_recalls (session_id, turn_index);

    CREATE TABLE memory_recall_items (
      recall_id  INTEGER NOT NULL REFERENCES memory_recalls (id) ON DELETE CASCADE,
      position   INTEGER NOT NULL,                           -- rank within the turn, best first
      kind       TEXT    NOT NULL CHECK (kind IN ('fact', 'file')),
      fact_id    INTEGER,                                    -- memory_facts.id for facts
      slug       TEXT,                                       -- memory file slug for files
      text       TEXT    NOT NULL,                           -- the text as recalled (facts can be edited later)
      score      REAL    NOT NULL,
      PRIMARY KEY (recall_id, position),
      CHECK ((kind = 'fact' AND fact_id IS NOT NULL) OR (kind = 'file' AND slug IS NOT NULL))
    ) STRICT;
    CREATE INDEX memory_recall_items_fact ON memory_recall_items (fact_id) WHERE fact_id IS NOT NULL;

    ALTER TABLE memory_receipts ADD COLUMN turn_id TEXT;        -- NULL: written outside a chat turn, or before this version
  `)
}
