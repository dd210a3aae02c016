import type Database from 'better-sqlite3'

/**
 * The newest entries of one type (the mirror's decisions, the Nexus panel's, the latest project
 * state) read as a range of an index in log order. 4's index puts the author between the type and
 * the seq, so such a read took every entry of the type and sorted them all for a page: a year's
 * decisions at every turn that appends to the log.
 */
export function up(db: Database.Database): void {
  db.exec('CREATE INDEX nexus_entries_by_type_seq ON nexus_entries (type, seq)')
}
