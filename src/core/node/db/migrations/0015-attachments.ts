import type Database from 'better-sqlite3'

/**
 * Files attached to messages (images, PDFs). Each is stored once under the home by its content
 * hash (`attachments/<2 hex>/<sha256>.<ext>`); messages refer to it by that hash, so a resumed
 * session sends the very same bytes and the prompt cache still matches.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE attachments (
      id          TEXT    PRIMARY KEY CHECK (length(id) = 64),   -- sha256 of the bytes, hex
      media_type  TEXT    NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf')),
      name        TEXT    NOT NULL,                              -- the file name it was first attached with
      bytes       INTEGER NOT NULL CHECK (bytes > 0),
      width       INTEGER,                                       -- pixels, images only
      height      INTEGER,
      pages       INTEGER,                                       -- PDFs only (counted from the file)
      created_at  INTEGER NOT NULL
    ) STRICT;
  `)
}
