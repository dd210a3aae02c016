import type Database from 'better-sqlite3'
import { NexusSyncResult, type NexusSyncDevice } from '../../../shared/contract/nexusSync'
import { SYNC_DEVICE_STATUSES } from '../../node/db/migrations/0046-nexus-sync'
import { readOptionalRow, readRow, readRows } from '../../node/db/rowReader'
import { checkedTuple, fromRaw, ENTRY_COLUMNS } from '../nexusRows'
import type { NexusEntry } from '../../../shared/contract/nexus'

/** Runs kept for Settings and the CLI; older ones are dropped as new ones are recorded. */
const RUNS_KEPT = 50

/** What this home knows of another device: its file as last checked. */
export interface KnownDevice {
  readonly device: string
  readonly name: string | null
  readonly status: (typeof SYNC_DEVICE_STATUSES)[number]
  readonly problem: string | null
  readonly entries: number
  /** The git blob of its file at that check: an unchanged file is not read again. */
  readonly blob: string | null
  readonly lastSeenAt: number
}

/**
 * The sync's own tables: the devices seen through the remote (with their quarantine) and the
 * outcome of each run. Nexus entries themselves are read here only by origin, in the device's own
 * order, to write this device's file; every write to the log goes through the Nexus.
 */
export class SyncStore {
  constructor(private readonly db: Database.Database) {}

  devices(): KnownDevice[] {
    const rows = this.db
      .prepare(
        'SELECT device, name, status, problem, entries, blob, last_seen_at FROM nexus_sync_devices ORDER BY device'
      )
      .all()
    return readRows(rows, 'nexus_sync_devices', (row) => ({
      device: row.text('device'),
      name: row.textOrNull('name'),
      status: row.oneOf('status', SYNC_DEVICE_STATUSES),
      problem: row.textOrNull('problem'),
      entries: row.int('entries'),
      blob: row.textOrNull('blob'),
      lastSeenAt: row.int('last_seen_at')
    }))
  }

  device(device: string): KnownDevice | null {
    return this.devices().find((known) => known.device === device) ?? null
  }

  /** Records the outcome of checking a device's file (first sight, a clean file, or a quarantine). */
  saveDevice(device: Omit<KnownDevice, 'lastSeenAt'>, now: number): void {
    this.db
      .prepare(
        `INSERT INTO nexus_sync_devices (device, name, status, problem, entries, blob, first_seen_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (device) DO UPDATE SET name = coalesce(excluded.name, name), status = excluded.status,
           problem = excluded.problem, entries = excluded.entries, blob = excluded.blob,
           last_seen_at = excluded.last_seen_at`
      )
      .run(device.device, device.name, device.status, device.problem, device.entries, device.blob, now, now)
  }

  /** The user decided: check the device's file again at the next sync. */
  release(device: string): boolean {
    return (
      this.db
        .prepare("UPDATE nexus_sync_devices SET status = 'ok', problem = NULL, blob = NULL WHERE device = ?")
        .run(device).changes > 0
    )
  }

  /** Records the blob of a device's file whose entries are merged: unchanged, it is not read again. */
  rememberBlob(device: string, blob: string): void {
    this.db.prepare('UPDATE nexus_sync_devices SET blob = ? WHERE device = ?').run(blob, device)
  }

  /** Forgets a file's blob so it is read again at the next sync (some of its entries wait). */
  forgetBlob(device: string): void {
    this.db.prepare('UPDATE nexus_sync_devices SET blob = NULL WHERE device = ?').run(device)
  }

  /** This device's entries, in its own order: what its file holds. */
  ownEntries(origin: string): NexusEntry[] {
    return this.db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM nexus_entries WHERE origin = ? ORDER BY origin_seq`)
      .raw()
      .all(origin)
      .map((row) => fromRaw(checkedTuple(row)))
  }

  ownCount(origin: string): number {
    const row = this.db.prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE origin = ?').get(origin)
    return readOptionalRow(row, 'nexus_entries', (read) => read.int('n')) ?? 0
  }

  recordRun(result: NexusSyncResult): void {
    this.db
      .prepare(
        `INSERT INTO nexus_sync_runs (started_at, finished_at, ok, remote, pushed, pulled, remote_commit, notes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        result.startedAt,
        result.finishedAt,
        result.ok ? 1 : 0,
        result.remote,
        result.pushed,
        result.pulled,
        result.remoteCommit,
        JSON.stringify({
          problems: result.problems,
          notes: result.notes,
          needsNewDeviceId: result.needsNewDeviceId
        })
      )
    this.db
      .prepare(
        'DELETE FROM nexus_sync_runs WHERE id NOT IN (SELECT id FROM nexus_sync_runs ORDER BY id DESC LIMIT ?)'
      )
      .run(RUNS_KEPT)
  }

  /** The newest run, without its device list (the caller adds the current one). */
  lastRun(devices: NexusSyncDevice[]): NexusSyncResult | null {
    const row = this.db
      .prepare(
        'SELECT started_at, finished_at, ok, remote, pushed, pulled, remote_commit, notes FROM nexus_sync_runs ORDER BY id DESC LIMIT 1'
      )
      .get()
    if (row === undefined) return null
    const read = readRow(row, 'nexus_sync_runs')
    const notes = readNotes(read.json('notes'))
    return NexusSyncResult.parse({
      ok: read.flag('ok'),
      remote: read.text('remote'),
      startedAt: read.int('started_at'),
      finishedAt: read.int('finished_at'),
      pushed: read.int('pushed'),
      pulled: read.int('pulled'),
      devices,
      problems: notes.problems,
      notes: notes.notes,
      needsNewDeviceId: notes.needsNewDeviceId,
      remoteCommit: read.textOrNull('remote_commit')
    })
  }

  /** Gives this home a new device id; entries written under the old one keep it. */
  renewDeviceId(id: string, now: number): void {
    this.db.prepare('UPDATE device SET id = ?, created_at = ? WHERE singleton = 1').run(id, now)
  }
}

function readNotes(value: unknown): { problems: string[]; notes: string[]; needsNewDeviceId: boolean } {
  if (typeof value !== 'object' || value === null) return { problems: [], notes: [], needsNewDeviceId: false }
  const { problems, notes, needsNewDeviceId } = value as Record<string, unknown>
  return {
    problems: sentences(problems),
    notes: sentences(notes),
    needsNewDeviceId: needsNewDeviceId === true
  }
}

function sentences(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
