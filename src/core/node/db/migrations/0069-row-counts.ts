import type Database from 'better-sqlite3'

/**
 * Counts kept beside two large tables by triggers, so the figures the app shows often are read
 * from a handful of rows instead of counted over the whole table each time: the knowledge
 * index's items by kind (Settings → Knowledge counted a year's half a million items on every
 * open) and the Nexus's entries by author (each lane's unread count is "entries by others",
 * which counted the whole log once per lane). The triggers run in the writing statement's own
 * transaction, whichever process writes, so a count is always the one a fresh COUNT(*) gives.
 * The Nexus log is append-only (its own triggers refuse UPDATE and DELETE): inserts alone move
 * its counts.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE knowledge_kind_counts (
      kind  TEXT    PRIMARY KEY,
      n     INTEGER NOT NULL
    ) STRICT;
    INSERT INTO knowledge_kind_counts (kind, n) SELECT kind, COUNT(*) FROM knowledge_items GROUP BY kind;
    CREATE TRIGGER knowledge_items_count_ai AFTER INSERT ON knowledge_items BEGIN
      INSERT INTO knowledge_kind_counts (kind, n) VALUES (new.kind, 1)
        ON CONFLICT (kind) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER knowledge_items_count_ad AFTER DELETE ON knowledge_items BEGIN
      UPDATE knowledge_kind_counts SET n = n - 1 WHERE kind = old.kind;
    END;
    CREATE TRIGGER knowledge_items_count_au AFTER UPDATE OF kind ON knowledge_items BEGIN
      UPDATE knowledge_kind_counts SET n = n - 1 WHERE kind = old.kind;
      INSERT INTO knowledge_kind_counts (kind, n) VALUES (new.kind, 1)
        ON CONFLICT (kind) DO UPDATE SET n = n + 1;
    END;

    CREATE TABLE nexus_author_counts (
      agent TEXT    PRIMARY KEY,
      n     INTEGER NOT NULL
    ) STRICT;
    INSERT INTO nexus_author_counts (agent, n) SELECT agent, COUNT(*) FROM nexus_entries GROUP BY agent;
    CREATE TRIGGER nexus_entries_count_ai AFTER INSERT ON nexus_entries BEGIN
      INSERT INTO nexus_author_counts (agent, n) VALUES (new.agent, 1)
        ON CONFLICT (agent) DO UPDATE SET n = n + 1;
    END;
  `)
}
