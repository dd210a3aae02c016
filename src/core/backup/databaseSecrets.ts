import Database from 'better-sqlite3'
import { createReadStream } from 'node:fs'
import { REDACTED, SecretWatch, usableSecrets } from './secretGuard'

/** Where a secret was found in a backup's copy of the database, and whether it could be removed there. */
export interface DatabaseSecrets {
  /** Tables whose rows held a secret, now replaced by the marker in the copy. */
  readonly removed: string[]
  /** Tables that hold one and refuse to change (append-only logs: the Nexus, fact history). */
  readonly stuck: string[]
}

/** Whether the file's bytes hold any of the secrets (free pages included: SQLite copies them too). */
export async function fileHoldsSecret(file: string, secrets: readonly string[]): Promise<boolean> {
  // No key known (none saved, none in the environment): nothing to look for in the whole file.
  if (usableSecrets(secrets).length === 0) return false
  const watch = new SecretWatch(secrets)
  for await (const chunk of createReadStream(file)) {
    watch.push(chunk as Buffer)
    if (watch.found) return true
  }
  return false
}

/**
 * Takes the secrets out of a backup's private copy of the database (never the live one): every
 * text column of every ordinary table is searched, each hit replaced by the marker, then the
 * copy is vacuumed so no freed page keeps the old bytes. Append-only tables refuse the update;
 * they are named so the backup can say why it stopped.
 */
export function scrubDatabaseCopy(file: string, secrets: readonly string[]): DatabaseSecrets {
  const needles = usableSecrets(secrets)
  const db = new Database(file, { fileMustExist: true })
  const removed = new Set<string>()
  const stuck = new Set<string>()
  try {
    for (const table of ordinaryTables(db))
      for (const column of textColumns(db, table))
        for (const needle of needles) {
          const hits = db
            .prepare(`SELECT count(*) FROM "${table}" WHERE instr("${column}", ?) > 0`)
            .pluck()
            .get(needle) as number
          if (hits === 0) continue
          try {
            db.prepare(
              `UPDATE "${table}" SET "${column}" = replace("${column}", ?, ?) WHERE instr("${column}", ?) > 0`
            ).run(needle, REDACTED, needle)
            removed.add(table)
          } catch {
            // An append-only guard (RAISE in a trigger) refused: reported, and the backup stops.
            stuck.add(table)
          }
        }
    db.exec('VACUUM')
  } finally {
    db.close()
  }
  return { removed: [...removed], stuck: [...stuck] }
}

/**
 * Tables that keep text of their own: ordinary tables and full-text tables that store their
 * content; not the external-content indexes (their triggers follow the content table) nor any
 * index's shadow tables (changed through the index itself).
 */
function ordinaryTables(db: Database.Database): string[] {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string | null }[]
  const isVirtual = (sql: string | null): boolean => /^CREATE VIRTUAL/i.test(sql ?? '')
  const virtual = rows.filter((r) => isVirtual(r.sql)).map((r) => r.name)
  return rows
    .filter((r) => !isVirtual(r.sql) || !/\bcontent\s*=/i.test(r.sql ?? ''))
    .map((r) => r.name)
    .filter((name) => !virtual.some((v) => name.startsWith(`${v}_`)))
}

function textColumns(db: Database.Database, table: string): string[] {
  const columns = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[]
  return columns.filter((c) => c.type === '' || /TEXT|CHAR|CLOB|JSON/i.test(c.type)).map((c) => c.name)
}
