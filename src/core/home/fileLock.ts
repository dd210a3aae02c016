import { randomBytes } from 'node:crypto'
import { open, readdir, readFile, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { HearthError } from '../errors'
import { isStampAlive, ownStamp, type ProcessStamp } from '../node/process/processIdentity'

/** How long a writer waits for another live writer before giving up with a clear error. */
const WAIT_LIMIT_MS = 10_000
/** A lock file with no readable owner (its writer died between creating and filling it). */
const UNREADABLE_STALE_MS = 2_000
/** Where start times are unknown, a pid alone may have been reused: an old lock is then stale. */
const UNVERIFIED_STALE_MS = 30_000

interface LockOwner extends ProcessStamp {
  /** Tells this acquisition apart from a later one by the same process. */
  readonly token: string
  readonly at: number
}

/**
 * Runs `work` while holding `<file>.lock`. The app, CLI processes and MCP clients may write the
 * same MEMORY.md at once; the lock makes each read-modify-write exclusive. Waiting is
 * asynchronous (the event loop keeps serving), and a lock left by a process that died, or by a
 * pid that now belongs to another process, is taken over at once instead of waited out.
 */
export async function withFileLock<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  const lockPath = `${file}.lock`
  const owner: LockOwner = { ...ownStamp(), token: randomBytes(8).toString('hex'), at: Date.now() }
  const started = Date.now()
  let tookOver = false
  for (let attempt = 0; !(await tryCreate(lockPath, owner)); attempt++) {
    const state = await removeIfStale(lockPath)
    tookOver ||= state === 'removed'
    if (state !== 'held') continue
    if (Date.now() - started > WAIT_LIMIT_MS) {
      throw new HearthError(
        'conflict',
        `Another running Hearth process has held ${lockPath} for over ${WAIT_LIMIT_MS / 1000} s; try again in a moment.`
      )
    }
    await sleep(Math.min(5 * 2 ** attempt, 100))
  }
  if (tookOver) await removeLeftoverTemps(file)
  try {
    return await work()
  } finally {
    await releaseIfOurs(lockPath, owner.token)
  }
}

async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  let handle
  try {
    handle = await open(lockPath, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(JSON.stringify(owner))
  } finally {
    await handle.close()
  }
  return true
}

async function readOwner(lockPath: string): Promise<{ raw: string; owner: LockOwner | null } | null> {
  let raw: string
  try {
    raw = await readFile(lockPath, 'utf8')
  } catch {
    return null
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockOwner>
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return { raw, owner: null }
    return {
      raw,
      owner: {
        pid: parsed.pid,
        startedAt: parsed.startedAt ?? null,
        host: parsed.host ?? '',
        token: parsed.token,
        at: parsed.at ?? 0
      }
    }
  } catch {
    return { raw, owner: null }
  }
}

/** Whether the lock's owner is gone; a lock written by an older Hearth (empty) is judged by age. */
async function isStale(lockPath: string, owner: LockOwner | null): Promise<boolean> {
  if (owner === null) {
    const info = await stat(lockPath).catch(() => null)
    return info !== null && Date.now() - info.mtimeMs > UNREADABLE_STALE_MS
  }
  if (!isStampAlive(owner)) return true
  return owner.startedAt === null && Date.now() - owner.at > UNVERIFIED_STALE_MS
}

/**
 * Removes a stale lock, but only if it is still the same lock file it was judged on. `gone`: it
 * disappeared or changed meanwhile (try again at once); `held`: a live process owns it.
 */
export async function removeIfStale(lockPath: string): Promise<'removed' | 'gone' | 'held'> {
  const seen = await readOwner(lockPath)
  if (seen === null) return 'gone'
  if (!(await isStale(lockPath, seen.owner))) return 'held'
  const again = await readOwner(lockPath)
  if (again !== null && again.raw !== seen.raw) return 'gone'
  await rm(lockPath, { force: true })
  return 'removed'
}

async function releaseIfOurs(lockPath: string, token: string): Promise<void> {
  const current = await readOwner(lockPath)
  if (current?.owner?.token === token) await rm(lockPath, { force: true })
}

/**
 * The half-written temp files (`.<name>.<random>.tmp`, see atomicWrite) a killed writer left
 * beside the file. The file itself is intact: the temp was never renamed over it. Every writer
 * of a locked file holds the lock while its temp exists, so with the lock taken over, any temp
 * left is the dead writer's.
 */
async function removeLeftoverTemps(file: string): Promise<void> {
  const prefix = `.${basename(file)}.`
  const names = await readdir(dirname(file)).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
    await rm(join(dirname(file), name), { force: true })
  }
}
