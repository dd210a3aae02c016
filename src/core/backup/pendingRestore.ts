import { existsSync, readFileSync, renameSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { z } from 'zod'
import {
  FinishedRestore,
  PendingRestore,
  type RestoreResult,
  type RestoreStatus
} from '../../shared/contract/backup'
import { conflict } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { Clock } from '../ports/clock'
import { restoreHome } from './homeRestore'

/**
 * Restoring the home the app runs on. A running home cannot be swapped under open databases and
 * watchers, so the backup is restored and verified into a folder beside the home first, and the
 * switch happens when the app starts next: the home as it was is moved aside (the way back) and
 * the restored one takes its name. The record of both sits beside the home, outside it, so it is
 * never part of a backup and survives the switch.
 */
const RestoreRecord = z.object({
  pending: PendingRestore.nullable().default(null),
  last: FinishedRestore.omit({ keptExists: true }).nullable().default(null)
})
type RestoreRecord = z.infer<typeof RestoreRecord>

function recordFile(home: string): string {
  return join(dirname(home), `.${basename(home)}.restore.json`)
}

function stamp(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 19).replace(/[:T]/g, '-')
}

function readRecord(home: string): RestoreRecord {
  const file = recordFile(home)
  if (!existsSync(file)) return { pending: null, last: null }
  const parsed = RestoreRecord.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success)
    throw conflict(`${file} is not a restore record this version reads; move it aside to start without it.`)
  return parsed.data
}

function writeRecord(home: string, record: RestoreRecord): void {
  writeFileAtomic(recordFile(home), `${JSON.stringify(record, null, 2)}\n`)
}

export function restoreStatus(homeRoot: string): RestoreStatus {
  const home = resolve(homeRoot)
  const { pending, last } = readRecord(home)
  return { home, pending, last: last === null ? null : { ...last, keptExists: existsSync(last.keptAs) } }
}

/** Restores and verifies `file` beside the home; it replaces the home at the next start. */
export async function stageRestore(
  homeRoot: string,
  file: string,
  clock: Clock
): Promise<{ restore: RestoreResult; status: RestoreStatus }> {
  const home = resolve(homeRoot)
  await cancelRestore(home)
  const now = clock.now()
  const staged = join(dirname(home), `.${basename(home)}.restored-${stamp(now)}`)
  const restore = await restoreHome(file, staged, clock)
  const record = readRecord(home)
  writeRecord(home, {
    ...record,
    pending: {
      from: resolve(file),
      staged,
      keepAs: join(dirname(home), `${basename(home)}.before-restore-${stamp(now)}`),
      stagedAtMs: now,
      counts: restore.counts,
      goingBack: false
    }
  })
  return { restore, status: restoreStatus(home) }
}

/** Drops a waiting restore; a staged copy is removed, a kept home (going back) is left where it is. */
export async function cancelRestore(homeRoot: string): Promise<RestoreStatus> {
  const home = resolve(homeRoot)
  const record = readRecord(home)
  if (record.pending === null) return restoreStatus(home)
  if (!record.pending.goingBack) await rm(record.pending.staged, { recursive: true, force: true })
  writeRecord(home, { ...record, pending: null })
  return restoreStatus(home)
}

/** The way back: the home kept by the last restore replaces the home again at the next start. */
export async function undoRestore(homeRoot: string, clock: Clock): Promise<RestoreStatus> {
  const home = resolve(homeRoot)
  await cancelRestore(home)
  const record = readRecord(home)
  if (record.last === null || !existsSync(record.last.keptAs))
    throw conflict(
      'There is no earlier home to go back to: no restore has replaced this one, or its kept folder is gone.'
    )
  const now = clock.now()
  writeRecord(home, {
    ...record,
    pending: {
      from: record.last.keptAs,
      staged: record.last.keptAs,
      keepAs: join(dirname(home), `${basename(home)}.before-going-back-${stamp(now)}`),
      stagedAtMs: now,
      counts: {},
      goingBack: true
    }
  })
  return restoreStatus(home)
}

/**
 * At the app's start, before the home is opened: a waiting restore takes the home's place, the
 * home as it was moves to `keepAs`. Returns what was switched, or null when nothing was waiting.
 * A staged folder that has gone missing cancels the restore rather than leaving no home.
 */
export function applyPendingRestore(homeRoot: string, clock: Clock): FinishedRestore | null {
  const home = resolve(homeRoot)
  if (!existsSync(recordFile(home))) return null
  const record = readRecord(home)
  const pending = record.pending
  if (pending === null) return null
  if (!existsSync(pending.staged) || !statSync(pending.staged).isDirectory()) {
    writeRecord(home, { ...record, pending: null })
    return null
  }
  if (existsSync(home)) renameSync(home, pending.keepAs)
  renameSync(pending.staged, home)
  const last = { from: pending.from, keptAs: pending.keepAs, atMs: clock.now() }
  writeRecord(home, { pending: null, last })
  return { ...last, keptExists: true }
}
