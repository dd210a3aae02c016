import type Database from 'better-sqlite3'

/**
 * A chat's messages without their content, in order: a long chat opened on its tail picks the
 * rows it shows (whole newest turns on the chosen version) and counts the turns before them from
 * these entries alone, then reads only the rows it shows. Reading every row of a chat of
 * thousands of messages read and parsed all of their content for the few hundred shown.
 */
export function up(db: Database.Database): void {
  db.exec(
    'CREATE INDEX messages_outline ON messages (session_id, id, turn_id, role, kind, status, in_context)'
  )
}
