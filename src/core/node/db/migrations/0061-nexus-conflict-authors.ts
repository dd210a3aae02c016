import type Database from 'better-sqlite3'

/**
 * Each flag names the authors of its two decisions, so the open flags involving one author (the
 * per-turn Nexus block's conflicts and their count) are two small index ranges. Before, every
 * turn joined every open flag to both its entries: a year's ten thousand flags read whole, with
 * twenty thousand entries looked up, to show three. An entry's author never changes, so the
 * copy cannot drift. The third index holds the flags between two decisions of one author, which
 * both ranges count. Each index holds `resolved_by` (always null in it) only so that a count
 * reads the index alone: SQLite checks a partial index's condition against the row otherwise.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE nexus_conflicts ADD COLUMN first_agent TEXT NOT NULL DEFAULT '';
    ALTER TABLE nexus_conflicts ADD COLUMN second_agent TEXT NOT NULL DEFAULT '';
    UPDATE nexus_conflicts SET
      first_agent = coalesce((SELECT agent FROM nexus_entries WHERE seq = first_seq), ''),
      second_agent = coalesce((SELECT agent FROM nexus_entries WHERE seq = second_seq), '');
    CREATE INDEX nexus_conflicts_open_by_first_agent
      ON nexus_conflicts (first_agent, second_seq, first_seq, resolved_by) WHERE resolved_by IS NULL;
    CREATE INDEX nexus_conflicts_open_by_second_agent
      ON nexus_conflicts (second_agent, second_seq, first_seq, resolved_by) WHERE resolved_by IS NULL;
    CREATE INDEX nexus_conflicts_open_self
      ON nexus_conflicts (first_agent, second_agent, resolved_by) WHERE resolved_by IS NULL AND first_agent = second_agent;
  `)
}
