import type Database from 'better-sqlite3'
import { HearthError } from '../../errors'

/** Attempts at taking the write lock; each waits up to the connection's busy timeout. */
const LOCK_ATTEMPTS = 4

/**
 * The one way the core runs a transaction. The app, every CLI run, `hearth serve` and each MCP
 * server a runtime starts write the same hearth.db, so:
 * - it begins with `BEGIN IMMEDIATE`: the write lock is taken first, waiting through the busy
 *   timeout. A deferred transaction that reads and then writes cannot wait: if another process
 *   committed after its read, SQLite answers SQLITE_BUSY at once ("database is locked"), because
 *   waiting could not make its snapshot current.
 * - when the lock is still held after the whole busy timeout (a long import in another process),
 *   the transaction is tried again, up to `LOCK_ATTEMPTS` times; nothing ran yet, so a retry is safe.
 * - inside another transaction it is a savepoint of that one (better-sqlite3's nesting), and the
 *   outer transaction decides about retrying.
 * Read-only snapshots need none of this and use plain statements.
 */
export function writeTransaction<Args extends unknown[], Result>(
  db: Database.Database,
  work: (...args: Args) => Result
): (...args: Args) => Result {
  const transaction = db.transaction(work)
  return (...args: Args): Result => {
    for (let attempt = 1; ; attempt++) {
      try {
        return transaction.immediate(...args)
      } catch (error) {
        if (!isBusy(error) || db.inTransaction) throw error
        if (attempt >= LOCK_ATTEMPTS) throw stillBusyError()
      }
    }
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_TIMEOUT…). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY')
}

/** What a person reads when another process kept the database locked for too long. */
export function stillBusyError(): HearthError {
  return new HearthError(
    'conflict',
    'The Hearth database stayed busy: another Hearth process (the app, a CLI run, hearth serve or an MCP server) kept it locked for over half a minute. Nothing was changed; try again when that work is done.'
  )
}
