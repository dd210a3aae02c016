import type Database from 'better-sqlite3'

/**
 * Conflicting decisions read a page at a time. A flag records the resolution that settles it
 * (the first `resolution` entry referencing both decisions), kept up to date by the ledger as
 * resolutions are appended, so the open ones are an index range instead of every flag checked
 * against every resolution on each look. Both indexes hold the flags in the order they are
 * listed (newest later decision first); the partial one holds only the open flags, so the
 * panel's first page and its count read what they show.
 */
export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE nexus_conflicts ADD COLUMN resolved_by INTEGER;
    CREATE INDEX nexus_conflicts_listed ON nexus_conflicts (second_seq, first_seq);
    CREATE INDEX nexus_conflicts_open ON nexus_conflicts (second_seq, first_seq) WHERE resolved_by IS NULL;
  `)
  settleExisting(db)
}

/** Flags already settled by a resolution in the log get its seq (the first one, in log order). */
function settleExisting(db: Database.Database): void {
  const settle = db.prepare(
    'UPDATE nexus_conflicts SET resolved_by = ? WHERE first_seq = ? AND second_seq = ? AND resolved_by IS NULL'
  )
  const resolutions = db
    .prepare("SELECT seq, refs FROM nexus_entries WHERE type = 'resolution' ORDER BY seq")
    .raw()
    .all() as [number, string][]
  for (const [seq, text] of resolutions) {
    const refs = refsOf(text)
    for (const first of refs) for (const second of refs) if (first < second) settle.run(seq, first, second)
  }
}

/** A row's refs as seqs; a value that is not a JSON array of integers settles nothing. */
function refsOf(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) && value.every((item) => Number.isInteger(item)) ? (value as number[]) : []
  } catch {
    return [] // a damaged row: verify names it; here it settles nothing
  }
}

/** For a database already past 58 when this was registered: whether the column is there. */
export function isApplied(db: Database.Database): boolean {
  return (db.prepare('PRAGMA table_info(nexus_conflicts)').all() as { name: string }[]).some(
    (column) => column.name === 'resolved_by'
  )
}
