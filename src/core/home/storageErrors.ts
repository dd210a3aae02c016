import { statfsSync } from 'node:fs'
import type { Handlers } from '../../shared/contract'
import { HearthError } from '../errors'
import { isBusy, stillBusyError } from '../node/db/writeTransaction'
import { explainReadOnly } from './readOnlyHome'

/** Below this much free space, an I/O error while writing the home is a full disk. */
const NEARLY_FULL_BYTES = 4 * 1024 * 1024

/**
 * A write that failed because the disk holding the home is full. SQLite says SQLITE_FULL for
 * some writes but only "disk I/O error" for others (its shared-memory file cannot grow), and
 * the file system says ENOSPC or, over a quota, EDQUOT; an I/O error counts when the home's
 * disk has next to nothing left.
 */
export function isDiskFull(error: unknown, home: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return false
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return true
  return code.startsWith('SQLITE_IOERR') && freeBytes(home) < NEARLY_FULL_BYTES
}

export function diskFullError(home: string): HearthError {
  return new HearthError(
    'conflict',
    `Disk full: there is no space left on the disk that holds ${home}, so Hearth could not write there. What was saved before is intact. Free some space on that disk (empty the system trash, delete large downloads or old backups, or the home's .trash folder), then try again.`
  )
}

/** The error a person should read: a full disk or a database another process holds, said plainly. */
export function explainStorageError(error: unknown, home: string): unknown {
  if (error instanceof HearthError) return error
  if (isDiskFull(error, home)) return diskFullError(home)
  if (isBusy(error)) return stillBusyError()
  return error
}

/** Every handler answers with the plain explanation: read-only home, full disk, busy database. */
export function explainingHandlers(handlers: Handlers, home: string, readOnly: boolean): Handlers {
  const explain = (error: unknown): unknown =>
    readOnly ? explainReadOnly(error, home) : explainStorageError(error, home)
  const wrapped: Record<string, (input: unknown) => Promise<unknown>> = {}
  for (const [name, handler] of Object.entries(handlers) as [
    string,
    (input: unknown) => Promise<unknown>
  ][]) {
    wrapped[name] = async (input) => {
      try {
        return await handler(input)
      } catch (error) {
        throw explain(error)
      }
    }
  }
  return wrapped as unknown as Handlers
}

function freeBytes(path: string): number {
  try {
    const stats = statfsSync(path)
    return stats.bavail * stats.bsize
  } catch {
    // The home cannot even be asked about: nothing says the disk is full.
    return Number.POSITIVE_INFINITY
  }
}
