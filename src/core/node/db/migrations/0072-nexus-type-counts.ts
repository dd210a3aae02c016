import type Database from 'better-sqlite3'

/**
 * The Nexus's entries counted by type and author, kept by a trigger in the appending statement's
 * own transaction (the log is append-only: inserts alone move them). A turn summarises the unread
 * entries it does not show by type and author; for an agent that never read the log (a new one in
 * a year-old home) that counted every entry, about a second before its first request could leave.
 * With these counts it reads the shorter side of the agent's cursor instead.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_type_counts (
      type   TEXT    NOT NULL,
      agent  TEXT    NOT NULL,
      n      INTEGER NOT NULL,
      PRIMARY KEY (type, agent)
    ) STRICT;
    INSERT INTO nexus_type_counts (type, agent, n) SELECT type, agent, COUNT(*) FROM nexus_entries GROUP BY type, agent;
    CREATE TRIGGER nexus_entries_type_count_ai AFTER INSERT ON nexus_entries BEGIN
      INSERT INTO nexus_type_counts (type, agent, n) VALUES (new.type, new.agent, 1)
        ON CONFLICT (type, agent) DO UPDATE SET n = n + 1;
    END;
  `)
}
