import type Database from 'better-sqlite3'

/**
 * What the user marked as their own words ("I wrote this — trust it" in Files): the hash of
 * SOUL.md's whole text, or of one entry of MEMORY.md or USER.md. The prompt loads such a text
 * although the injection scanner matched it, as long as it is byte for byte what was trusted; any
 * change gives another hash and is scanned (and blocked) again. USER.md is shared by every agent,
 * so its rows have the agent id ''.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE trusted_texts (
      agent_id    TEXT    NOT NULL,             -- the agent whose file it is ('' for USER.md)
      file        TEXT    NOT NULL CHECK (file IN ('soul','memory','user')),
      hash        TEXT    NOT NULL,             -- sha256 (hex) of the trusted text, UTF-8
      trusted_at  INTEGER NOT NULL,             -- epoch ms
      PRIMARY KEY (agent_id, file, hash)
    ) STRICT;
  `)
}

/** Registered after higher versions shipped: the table may be missing from a database already past 52. */
export function isApplied(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trusted_texts'").get() !==
    undefined
  )
}
