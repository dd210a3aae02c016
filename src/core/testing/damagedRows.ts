import type { Db } from '../node/db/openDatabase'

/**
 * Writes a value the schema's CHECK would refuse, as a damaged file, a hand edit or a newer
 * build's value might hold, so a test can see how the reader of that row reports it.
 */
export function writeBypassingChecks(db: Db, sql: string, ...parameters: unknown[]): void {
  db.pragma('ignore_check_constraints = ON')
  try {
    db.prepare(sql).run(...parameters)
  } finally {
    db.pragma('ignore_check_constraints = OFF')
  }
}
