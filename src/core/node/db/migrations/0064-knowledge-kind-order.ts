import type Database from 'better-sqlite3'

/**
 * Where each kind of item sits in the index's order: the newest and oldest item of a kind are
 * two seeks, so a search for a word most items hold can rank the newest matches of the kinds it
 * looks in (facts and memory files, for recall) instead of every match (`newestMatches`).
 */
export function up(db: Database.Database): void {
  db.exec('CREATE INDEX knowledge_items_by_kind ON knowledge_items (kind, id)')
}
