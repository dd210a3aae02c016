import type Database from 'better-sqlite3'

const ORIGINS_BEFORE = "origin IN ('retention', 'user', 'flagged', 'tool')"
const ORIGINS_AFTER = "origin IN ('retention', 'user', 'flagged', 'tool', 'import')"

/**
 * Candidates from an import: the origin `import`, the import that proposed them, and where each
 * came from (`provenance`: JSON with the source file and line, or the conversation and message).
 *
 * SQLite cannot change a CHECK in place, so the table is rebuilt. The rebuild starts from the
 * table's current definition (whatever columns other migrations added) and only widens the
 * origin list, then recreates the indexes and triggers as they were, so ids, history links and
 * the recall index stay as they are.
 */
export function up(db: Database.Database): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'memory_facts'")
    .pluck()
    .get() as string
  if (!table.includes(ORIGINS_BEFORE))
    throw new Error('memory_facts has an origin CHECK this migration does not know')
  const dependents = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'memory_facts' AND type IN ('index', 'trigger') AND sql IS NOT NULL"
    )
    .pluck()
    .all() as string[]
  const next = table
    .replace(ORIGINS_BEFORE, ORIGINS_AFTER)
    .replace(/^CREATE TABLE\s+"?memory_facts"?/, 'CREATE TABLE memory_facts_next')
  db.exec(next)
  db.exec('INSERT INTO memory_facts_next SELECT * FROM memory_facts')
  db.exec('DROP TABLE memory_facts')
  db.exec('ALTER TABLE memory_facts_next RENAME TO memory_facts')
  for (const sql of dependents) db.exec(sql)
  db.exec(`
    ALTER TABLE memory_facts ADD COLUMN import_id TEXT;    -- import_runs.id for origin 'import'
    ALTER TABLE memory_facts ADD COLUMN provenance TEXT;   -- JSON {source, file, line} or {source, conversation, message}
    CREATE INDEX memory_facts_by_import ON memory_facts (import_id) WHERE import_id IS NOT NULL;
  `)
}
