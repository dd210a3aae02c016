import type Database from 'better-sqlite3'

/**
 * When each Nexus member (a runtime bound over MCP) was last seen and as what: the name its
 * client reported and the transport. The bindings themselves stay in config.json.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_members_seen (
      member        TEXT    PRIMARY KEY,     -- the binding's name
      last_seen_at  INTEGER NOT NULL,        -- epoch ms of its last tool call
      client_name   TEXT    NOT NULL,        -- what the client called itself (self-reported)
      transport     TEXT    NOT NULL CHECK (transport IN ('stdio', 'http'))
    ) STRICT;
  `)
}

export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nexus_members_seen'").get() !==
    undefined
  )
}
