import type Database from 'better-sqlite3'

/**
 * Imports from other runtimes and exports (Hermes, OpenClaw, ChatGPT, Claude, a Hearth agent
 * bundle). `import_runs` is one row per import that committed, with its report; `import_items`
 * holds the content hash of every item an import brought in, so running the same import again
 * finds each item already there and brings in nothing twice; `import_proposals` are things an
 * import found but never acts on by itself (an MCP server from another runtime's config), waiting
 * for the user to accept or dismiss them.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE import_runs (
      id           TEXT    PRIMARY KEY,                  -- imp_ and a random UUID
      source       TEXT    NOT NULL CHECK (source IN ('hermes', 'openclaw', 'chatgpt', 'claude', 'hearth')),
      path         TEXT    NOT NULL,                     -- the folder or file read, as given
      agent_id     TEXT    NOT NULL,                     -- the agent that received the persona and candidates
      report       TEXT    NOT NULL,                     -- JSON: counts per kind, what was skipped and why, problems
      started_at   INTEGER NOT NULL,
      finished_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX import_runs_by_time ON import_runs (finished_at);

    CREATE TABLE import_items (
      hash       TEXT    PRIMARY KEY,                    -- sha256 over source, kind and the item's content
      import_id  TEXT    NOT NULL REFERENCES import_runs (id),
      kind       TEXT    NOT NULL,                       -- session, candidate, skill, persona, proposal
      ref        TEXT    NOT NULL                        -- where it came from: file:line, or conversation id
    ) STRICT;
    CREATE INDEX import_items_by_import ON import_items (import_id, kind);

    CREATE TABLE import_proposals (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      import_id   TEXT    NOT NULL REFERENCES import_runs (id),
      kind        TEXT    NOT NULL CHECK (kind IN ('mcp_server')),
      name        TEXT    NOT NULL,
      payload     TEXT    NOT NULL,                      -- JSON: the server entry as the tools form saves it
      status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'dismissed')),
      decided_at  INTEGER
    ) STRICT;
  `)
}
