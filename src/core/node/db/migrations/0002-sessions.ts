import type Database from 'better-sqlite3'

/**
 * Sessions, their transcript, the prompt versions they used and one row per model call.
 * Messages keep the content blocks exactly as sent/received (JSON text, never re-encoded) so a
 * resumed session sends byte-identical history and the prompt cache keeps hitting.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE sessions (
      id                 TEXT    PRIMARY KEY,
      agent_id           TEXT    NOT NULL,
      cwd                TEXT,                          -- project folder, or NULL
      model              TEXT    NOT NULL,
      provider           TEXT    NOT NULL,
      platform           TEXT    NOT NULL,
      system_prompt      TEXT    NOT NULL,              -- the frozen bytes sent as system
      prompt_version     INTEGER NOT NULL DEFAULT 1,    -- bumps on every rebuild
      prompt_report      TEXT    NOT NULL,              -- JSON {tiers, tierOffsets, layers, warnings, tokens}
      tools              TEXT    NOT NULL,              -- JSON array of tool params exactly as sent (sorted, frozen)
      tools_hash         TEXT    NOT NULL,
      title              TEXT    NOT NULL DEFAULT '',
      started_at         INTEGER NOT NULL,
      updated_at         INTEGER NOT NULL,
      ended_at           INTEGER,
      input_tokens       INTEGER NOT NULL DEFAULT 0,
      output_tokens      INTEGER NOT NULL DEFAULT 0,
      cache_write_tokens INTEGER NOT NULL DEFAULT 0,
      cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
      cost_usd           REAL    NOT NULL DEFAULT 0,
      saved_usd          REAL    NOT NULL DEFAULT 0     -- what caching saved versus no cache at all
    ) STRICT;
    CREATE INDEX sessions_by_agent ON sessions (agent_id, updated_at);

    CREATE TABLE session_prompts (
      session_id  TEXT    NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      version     INTEGER NOT NULL,
      text        TEXT    NOT NULL,
      report      TEXT    NOT NULL,                     -- JSON, as sessions.prompt_report
      reason      TEXT    NOT NULL,                     -- 'new' | 'model_switched' | 'compressed' | 'requested' | …
      created_at  INTEGER NOT NULL,
      PRIMARY KEY (session_id, version)
    ) STRICT;

    CREATE TABLE messages (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id  TEXT    NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      turn_id     TEXT    NOT NULL,
      role        TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
      kind        TEXT    NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'tool_results', 'reply', 'checkpoint')),
      content     TEXT    NOT NULL,                     -- JSON array of content blocks, as sent/received
      search_text TEXT    NOT NULL,                     -- plain text indexed by the FTS tables
      status      TEXT    NOT NULL CHECK (status IN ('streaming', 'complete', 'partial', 'interrupted', 'error')),
      error       TEXT,
      writer_pid  INTEGER,                              -- process writing a streaming row (crash recovery)
      in_context  INTEGER NOT NULL DEFAULT 1,           -- 0 once summarised by compression (still searchable)
      usage       TEXT,                                 -- JSON usage of the call that produced this reply
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX messages_by_session ON messages (session_id, id);
    CREATE INDEX messages_streaming ON messages (status) WHERE status = 'streaming';

    CREATE VIRTUAL TABLE messages_fts USING fts5 (search_text, content = 'messages', content_rowid = 'id');
    CREATE VIRTUAL TABLE messages_fts_trigram USING fts5 (search_text, content = 'messages', content_rowid = 'id', tokenize = 'trigram');
    CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts (rowid, search_text) VALUES (new.id, new.search_text);
      INSERT INTO messages_fts_trigram (rowid, search_text) VALUES (new.id, new.search_text);
    END;
    CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
      INSERT INTO messages_fts (messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO messages_fts_trigram (messages_fts_trigram, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END;
    CREATE TRIGGER messages_fts_update AFTER UPDATE OF search_text ON messages BEGIN
      INSERT INTO messages_fts (messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO messages_fts_trigram (messages_fts_trigram, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO messages_fts (rowid, search_text) VALUES (new.id, new.search_text);
      INSERT INTO messages_fts_trigram (rowid, search_text) VALUES (new.id, new.search_text);
    END;

    CREATE TABLE api_calls (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id     TEXT    NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      turn_id        TEXT    NOT NULL,
      iteration      INTEGER NOT NULL,                  -- 0-based call number within the turn
      purpose        TEXT    NOT NULL DEFAULT 'turn',   -- 'turn' | 'compression'
      model          TEXT    NOT NULL,
      prompt_version INTEGER NOT NULL,
      request        TEXT    NOT NULL,                  -- JSON recipe: message ids, breakpoints, context summary
      sections       TEXT    NOT NULL,                  -- JSON {toolsHash, systemHash, breakpoints:[{position,hash,…}]}
      status         TEXT    NOT NULL CHECK (status IN ('streaming', 'ok', 'error', 'aborted', 'interrupted')),
      error          TEXT,
      writer_pid     INTEGER,                           -- process making the call while it is 'streaming'
      input_tokens   INTEGER NOT NULL DEFAULT 0,
      output_tokens  INTEGER NOT NULL DEFAULT 0,
      cache_write_5m INTEGER NOT NULL DEFAULT 0,
      cache_write_1h INTEGER NOT NULL DEFAULT 0,
      cache_read     INTEGER NOT NULL DEFAULT 0,
      expected_read  INTEGER NOT NULL DEFAULT 0,        -- what could have been read from cache
      miss_reason    TEXT,                              -- set when cache_read < expected_read (or first call)
      cost_usd       REAL    NOT NULL DEFAULT 0,
      started_at     INTEGER NOT NULL,
      finished_at    INTEGER
    ) STRICT;
    CREATE INDEX api_calls_by_session ON api_calls (session_id, id);
  `)
}
