import { readdir, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { isStampAlive } from '../node/process/processIdentity'
import { removeIfStale } from './fileLock'

/** Folders under the home that hold no lock or temp file of Hearth's (or hold the user's own files). */
const SKIPPED = new Set(['.trash', 'logs', 'node_modules', '.git'])
/** agents/<id>/memories is depth 2: every file Hearth locks or writes atomically is that shallow. */
const MAX_DEPTH = 3
/** A temp named before temps carried their writer (`.<name>.<random>.tmp`): no write lasts this long. */
const UNOWNED_TEMP_STALE_MS = 10 * 60_000
const OWNED_TEMP = /^\..+\.(\d+)-([^-]+)-[0-9a-f]+\.tmp$/
const LEGACY_TEMP = /^\..+\.[0-9a-f]{12}\.tmp$/

export interface StaleFilesRemoved {
  readonly locks: string[]
  readonly temps: string[]
}

/**
 * At start: the `.lock` files and half-written temps a killed process left in the home. A lock
 * goes only when the process that holds it is gone (pid and start time, as `withFileLock`
 * judges it); a temp only when its writer, named in its file name, is gone. A live writer's
 * lock or temp is never touched.
 */
export async function removeStaleFiles(root: string): Promise<StaleFilesRemoved> {
  const removed: StaleFilesRemoved = { locks: [], temps: [] }
  await sweep(root, 0, removed)
  return removed
}

async function sweep(dir: string, depth: number, removed: StaleFilesRemoved): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH && !SKIPPED.has(entry.name)) await sweep(path, depth + 1, removed)
    } else if (entry.isFile() && entry.name.endsWith('.lock')) {
      if ((await removeIfStale(path)) === 'removed') removed.locks.push(path)
    } else if (entry.isFile() && (await isStaleTemp(path, entry.name))) {
      await rm(path, { force: true })
      removed.temps.push(path)
    }
  }
}

async function isStaleTemp(path: string, name: string): Promise<boolean> {
  const owned = OWNED_TEMP.exec(name)
  if (owned) {
    const startedAt = owned[2] === 'x' ? null : (owned[2] as string)
    return !isStampAlive({ pid: Number(owned[1]), startedAt, host: hostname() })
  }
  if (!LEGACY_TEMP.test(name)) return false
  const info = await stat(path).catch(() => null)
  return info !== null && Date.now() - info.mtimeMs > UNOWNED_TEMP_STALE_MS
}
