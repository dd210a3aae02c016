import type Database from 'better-sqlite3'

/** Every kind of item the knowledge index holds (the contract's `KnowledgeKind`, held to it by a test). */
export const KNOWLEDGE_KINDS_0031 = [
  'fact',
  'memory_file',
  'memory_entry',
  'user_entry',
  'message',
  'nexus',
  'project_state',
  'skill',
  'wiki'
] as const

/**
 * The fourth memory layer: one index over everything the agents know.
 *
 * - `knowledge_items` holds one row per searchable piece (a long source is cut into chunks with
 *   overlap), with its provenance and who may see it (`audience`: everyone, the owning agent
 *   and the user, or the user alone).
 * - Two full-text indexes over it, kept by triggers: words (porter stemming, diacritics folded)
 *   and trigrams (partial words and identifiers).
 * - `knowledge_vectors`: each item's embedding, quantised (a sign bit per dimension for the
 *   prefilter, int8 with a scale for the rerank).
 * - `knowledge_outbox`: which facts and messages changed since the indexer last ran. The triggers
 *   only note a key there, so a chat's message commit never waits for indexing. The Nexus needs
 *   no trigger: it is append-only, so the indexer follows it by sequence number.
 * - `knowledge_files`: the files already indexed, by mtime and size (memory files, MEMORY.md,
 *   USER.md, project state, skills, wiki pages), so a scan re-reads only what changed.
 * - `knowledge_state`: the indexer's build cursors and the embedding model the vectors came from.
 *
 * The memory bank's own recall index is dropped: recall searches this index now.
 */
export function up(db: Database.Database): void {
  const kinds = KNOWLEDGE_KINDS_0031.map((kind) => `'${kind}'`).join(', ')
  db.exec(`
    DROP TRIGGER IF EXISTS memory_facts_recall_insert;
    DROP TRIGGER IF EXISTS memory_facts_recall_update;
    DROP TABLE IF EXISTS recall_fts;
    DROP TABLE IF EXISTS memory_file_docs;

    CREATE TABLE knowledge_items (
      id          INTEGER PRIMARY KEY,
      kind        TEXT    NOT NULL CHECK (kind IN (${kinds})),
      ref         TEXT    NOT NULL,               -- the source's key: fact id, message id, Nexus seq, or a path under the home
      chunk       INTEGER NOT NULL DEFAULT 0,     -- 0-based piece of a long source
      audience    TEXT    NOT NULL CHECK (audience IN ('everyone', 'agent', 'user')),
      agent_id    TEXT,                           -- the owning agent for audience 'agent'; else the author, if any
      session_id  TEXT,
      message_id  INTEGER,
      nexus_id    TEXT,
      seq         INTEGER,
      path        TEXT,                           -- relative to the home, '/'-separated
      ts          INTEGER NOT NULL,               -- epoch ms the source was written
      title       TEXT    NOT NULL,               -- what a hit is called where it is shown
      heading     TEXT    NOT NULL DEFAULT '',    -- the searchable name (a page's, a skill's); '' when the title is only a label
      text        TEXT    NOT NULL,
      hash        TEXT    NOT NULL,               -- of title and text: an unchanged piece keeps its vector
      UNIQUE (kind, ref, chunk)
    ) STRICT;
    CREATE INDEX knowledge_items_session ON knowledge_items (session_id) WHERE session_id IS NOT NULL;

    CREATE VIRTUAL TABLE knowledge_fts USING fts5 (
      heading, text, content = 'knowledge_items', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE VIRTUAL TABLE knowledge_trigram USING fts5 (
      heading, text, content = 'knowledge_items', content_rowid = 'id',
      tokenize = 'trigram remove_diacritics 1'
    );

    CREATE TABLE knowledge_vectors (
      item_id  INTEGER PRIMARY KEY,
      bits     BLOB    NOT NULL,                  -- one sign bit per dimension
      q8       BLOB    NOT NULL,                  -- int8 per dimension
      scale    REAL    NOT NULL                   -- q8 * scale ≈ the unit vector's component
    ) STRICT;

    CREATE TRIGGER knowledge_items_ai AFTER INSERT ON knowledge_items BEGIN
      INSERT INTO knowledge_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
      INSERT INTO knowledge_trigram (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END;
    CREATE TRIGGER knowledge_items_ad AFTER DELETE ON knowledge_items BEGIN
      INSERT INTO knowledge_fts (knowledge_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      INSERT INTO knowledge_trigram (knowledge_trigram, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      DELETE FROM knowledge_vectors WHERE item_id = old.id;
    END;
    CREATE TRIGGER knowledge_items_au AFTER UPDATE OF heading, text ON knowledge_items BEGIN
      INSERT INTO knowledge_fts (knowledge_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      INSERT INTO knowledge_trigram (knowledge_trigram, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      INSERT INTO knowledge_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
      INSERT INTO knowledge_trigram (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END;

    CREATE TABLE knowledge_outbox (
      kind  TEXT    NOT NULL CHECK (kind IN ('fact', 'message')),
      key   INTEGER NOT NULL,                     -- fact id or message id
      PRIMARY KEY (kind, key)
    ) WITHOUT ROWID, STRICT;

    CREATE TRIGGER knowledge_fact_inserted AFTER INSERT ON memory_facts
    BEGIN INSERT OR IGNORE INTO knowledge_outbox (kind, key) VALUES ('fact', new.id); END;
    CREATE TRIGGER knowledge_fact_updated AFTER UPDATE OF status, text, recall_suppressed, agent_id ON memory_facts
    BEGIN INSERT OR IGNORE INTO knowledge_outbox (kind, key) VALUES ('fact', new.id); END;

    CREATE TRIGGER knowledge_message_inserted AFTER INSERT ON messages
    BEGIN INSERT OR IGNORE INTO knowledge_outbox (kind, key) VALUES ('message', new.id); END;
    CREATE TRIGGER knowledge_message_updated AFTER UPDATE OF search_text, status ON messages
    BEGIN INSERT OR IGNORE INTO knowledge_outbox (kind, key) VALUES ('message', new.id); END;
    CREATE TRIGGER knowledge_message_deleted AFTER DELETE ON messages
    BEGIN INSERT OR IGNORE INTO knowledge_outbox (kind, key) VALUES ('message', old.id); END;

    CREATE TABLE knowledge_files (
      path      TEXT    PRIMARY KEY,              -- relative to the home, '/'-separated
      kind      TEXT    NOT NULL CHECK (kind IN (${kinds})),
      mtime_ms  INTEGER NOT NULL,
      size      INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE knowledge_state (
      key    TEXT PRIMARY KEY,
      value  TEXT NOT NULL
    ) STRICT;

    -- What the home already holds is noted as changed, so it is indexed as new writes are,
    -- and marked built (a reindex walks every source from the start instead).
    INSERT OR IGNORE INTO knowledge_outbox (kind, key) SELECT 'fact', id FROM memory_facts WHERE status = 'approved';
    INSERT OR IGNORE INTO knowledge_outbox (kind, key) SELECT 'message', id FROM messages WHERE kind IN ('text', 'reply');
    INSERT INTO knowledge_state (key, value) VALUES ('built.fact', '1'), ('built.message', '1');
  `)
}
