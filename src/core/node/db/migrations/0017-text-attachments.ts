import type Database from 'better-sqlite3'

/**
 * Plain-text files as attachments (notes, CSV, JSON, logs, source code), stored as the UTF-8
 * text the model reads. SQLite cannot widen a CHECK in place, so the table is rebuilt with the
 * same columns and rows and `text/plain` added to the media types it accepts.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE attachments_next (
      id          TEXT    PRIMARY KEY CHECK (length(id) = 64),   -- sha256 of the bytes, hex
      media_type  TEXT    NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain')),
      name        TEXT    NOT NULL,                              -- the file name it was first attached with
      bytes       INTEGER NOT NULL CHECK (bytes > 0),
      width       INTEGER,                                       -- pixels, images only
      height      INTEGER,
      pages       INTEGER,                                       -- PDFs only (counted from the file)
      created_at  INTEGER NOT NULL
    ) STRICT;
    INSERT INTO attachments_next (id, media_type, name, bytes, width, height, pages, created_at)
      SELECT id, media_type, name, bytes, width, height, pages, created_at FROM attachments;
    DROP TABLE attachments;
    ALTER TABLE attachments_next RENAME TO attachments;
  `)
}

/** A database already past 17 (another feature's migration landed first) may still refuse text. */
export function isApplied(db: Database.Database): boolean {
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'attachments'")
    .pluck()
    .get()
  return typeof sql === 'string' && sql.includes("'text/plain'")
}
