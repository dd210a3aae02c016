import type Database from 'better-sqlite3'

/** The names `verify` looks for: a log whose guards were dropped is reported as tampered. */
export const NEXUS_TRIGGERS = ['nexus_entries_no_update', 'nexus_entries_no_delete'] as const

/**
 * The Nexus: the shared log every agent reads and writes. History must never be rewritten, so
 * the database itself refuses UPDATE and DELETE (not just the code that happens to use it);
 * the hash chain then makes any edit done around the triggers visible to `hearth nexus verify`.
 * Read cursors are ordinary mutable state and live in their own table.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_entries (
      seq         INTEGER PRIMARY KEY,           -- 1, 2, 3… with no gaps; assigned under the write lock
      created_at  INTEGER NOT NULL,              -- epoch ms
      agent       TEXT    NOT NULL,              -- author slug: agent id, 'user', or an MCP client's name
      channel     TEXT    NOT NULL,              -- 'desktop' | 'cli' | 'mcp:<client>'
      type        TEXT    NOT NULL CHECK (type IN ('turn','decision','handoff','state','checkpoint','ack','resolution')),
      summary     TEXT    NOT NULL,              -- one line, at most 200 characters
      body        TEXT,
      refs        TEXT    NOT NULL DEFAULT '[]', -- JSON array of earlier seqs, ascending
      rationale   TEXT,                          -- why, for decisions
      prev_hash   TEXT    NOT NULL,              -- hash of seq-1 (64 zeros for the first entry)
      hash        TEXT    NOT NULL               -- sha256 over the canonical serialisation + prev_hash
    ) STRICT;

    CREATE INDEX nexus_entries_by_type ON nexus_entries (type, agent, seq);

    CREATE TRIGGER nexus_entries_no_update BEFORE UPDATE ON nexus_entries
    BEGIN SELECT RAISE(ABORT, 'nexus_entries is append-only'); END;

    CREATE TRIGGER nexus_entries_no_delete BEFORE DELETE ON nexus_entries
    BEGIN SELECT RAISE(ABORT, 'nexus_entries is append-only'); END;

    CREATE TABLE nexus_cursors (
      agent       TEXT    PRIMARY KEY,           -- the reader
      seq         INTEGER NOT NULL,              -- highest seq already shown to this agent
      updated_at  INTEGER NOT NULL               -- epoch ms
    ) STRICT;
  `)
}
