import type Database from 'better-sqlite3'
import type { Db } from './openDatabase'

/** Distinct SQL texts kept per owner; past this the oldest is dropped (lists build `IN (?, ?, …)`). */
const KEPT = 128

/**
 * A store's statements, each prepared on its first use and kept: SQLite compiles a statement's
 * SQL every time it is prepared (tens of µs), and every turn runs the same few dozen queries.
 * Each statement stays in the mode it was made in: `raw` gives column tuples (`rowReader`), and
 * a caller never switches a kept statement to another mode, or the next caller would get it.
 * A statement still being iterated is not handed out again: that caller gets a fresh one.
 */
export function keptStatements(
  db: Db,
  mode: 'objects' | 'raw' = 'objects'
): (sql: string) => Database.Statement {
  const kept = new Map<string, Database.Statement>()
  const prepare = (sql: string): Database.Statement =>
    mode === 'raw' ? db.prepare(sql).raw() : db.prepare(sql)
  return (sql) => {
    const statement = kept.get(sql)
    if (statement !== undefined) return statement.busy ? prepare(sql) : statement
    const fresh = prepare(sql)
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string)
    kept.set(sql, fresh)
    return fresh
  }
}
