import { closeSync, openSync, rmSync, statSync } from 'node:fs'
import { HearthError } from '../errors'

/** A lock older than this is assumed to belong to a process that died mid-write. */
const STALE_LOCK_MS = 30_000
const WAIT_LIMIT_MS = 10_000
const sleeper = new Int32Array(new SharedArrayBuffer(4))

/**
 * Runs `work` while holding `<file>.lock`. The app, CLI processes and MCP clients may write the
 * same MEMORY.md at once; the lock makes each read-modify-write of the memory tool exclusive.
 */
export function withFileLock<T>(file: string, work: () => T): T {
  const lockPath = `${file}.lock`
  const started = Date.now()
  for (;;) {
    try {
      closeSync(openSync(lockPath, 'wx'))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      removeIfStale(lockPath)
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new HearthError('conflict', `Another Hearth process has held ${lockPath} for over 10 s; try again, or delete the lock file if no Hearth is running.`)
      }
      Atomics.wait(sleeper, 0, 0, 10)
    }
  }
  try {
    return work()
  } finally {
    rmSync(lockPath, { force: true })
  }
}

function removeIfStale(lockPath: string): void {
  try {
    if (Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS) rmSync(lockPath, { force: true })
  } catch {
    // The holder released it between our attempts: nothing to clean up.
  }
}
