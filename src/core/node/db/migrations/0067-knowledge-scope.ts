import type Database from 'better-sqlite3'

/**
 * Who may see each knowledge item, of what kind, and when it was written, in an index of its
 * own: a search checks every match against the searcher's scope, and reading those few columns
 * from the items themselves read a whole row (text and all) per match — a year's recall of an
 * agent's facts checked two thousand rows at every turn.
 */
export function up(db: Database.Database): void {
  db.exec(
    'CREATE INDEX IF NOT EXISTS knowledge_items_scope ON knowledge_items (id, kind, audience, agent_id, ts)'
  )
}
