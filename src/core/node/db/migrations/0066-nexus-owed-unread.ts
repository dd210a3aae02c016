import type Database from 'better-sqlite3'

/**
 * What the Nexus views count on opening, read from index entries alone instead of the entries'
 * rows (a year's log is over a hundred megabytes of rows, a few megabytes of these):
 * - the unread count of each lane (entries by others after a reader's cursor), by seq and author;
 * - what each member owes an acknowledgement for: the decisions and handoffs after a seq, with
 *   their author and time, and each member's acks with what they name.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX nexus_entries_by_seq_agent ON nexus_entries (seq, agent);
    CREATE INDEX nexus_entries_asking ON nexus_entries (type, seq, agent, created_at);
    CREATE INDEX nexus_entries_acks ON nexus_entries (agent, seq, refs) WHERE type = 'ack';
  `)
}
