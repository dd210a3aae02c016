import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import type {
  NexusSyncDevice,
  NexusSyncProgress,
  NexusSyncResult,
  NexusSyncStatus
} from '../../../shared/contract/nexusSync'
import { conflict, invalidInput, notFound } from '../../errors'
import type { EventHub } from '../../events'
import type { ConfigStore } from '../../home/configStore'
import { withFileLock } from '../../home/fileLock'
import type { Clock } from '../../ports/clock'
import { silentLogger, type Logger } from '../../ports/logger'
import type { SyncedLog } from './syncedLog'
import { GitStore } from './gitStore'
import { exchange, type Exchange } from './exchange'
import { shownRemote } from './remoteText'
import { SyncSchedule } from './syncSchedule'
import { SyncStore } from './syncStore'

export interface NexusSyncOptions {
  readonly db: Database.Database
  /** The home's `sync/` folder: the bare repository and the sync lock live there. */
  readonly dir: string
  readonly log: SyncedLog
  readonly config: ConfigStore
  readonly clock: Clock
  readonly events: EventHub
  readonly logger?: Logger
  /** What this device calls itself on other devices' screens. */
  readonly deviceName?: string
  /** Every secret this process knows: a log holding one is not sent. */
  readonly secrets?: () => Promise<readonly string[]>
}

/**
 * The Nexus across machines: each device's entries travel as its own hash-chained file through an
 * ordinary git remote; every device verifies every file and merges what it lacks into its own
 * log. Sync never rewrites or drops a local entry, never merges a file that does not verify, and
 * sends nothing but the Nexus. One sync at a time per home (a lock across processes).
 */
export class NexusSync {
  private readonly store: SyncStore
  private running: Promise<NexusSyncResult> | null = null
  private schedule: SyncSchedule | null = null
  /** The bare repository, kept open between syncs so a sync that finds nothing new starts fewer git processes. */
  private git: GitStore | null = null

  constructor(private readonly options: NexusSyncOptions) {
    this.store = new SyncStore(options.db)
  }

  private get logger(): Logger {
    return this.options.logger ?? silentLogger
  }

  private get deviceName(): string {
    return this.options.config.read().config.sync.deviceName ?? this.options.deviceName ?? hostname()
  }

  async status(): Promise<NexusSyncStatus> {
    const settings = this.options.config.read().config.sync
    const devices = this.deviceList()
    return {
      git: await GitStore.version(),
      remote: settings.remote === null ? null : shownRemote(settings.remote),
      intervalMinutes: settings.intervalMinutes,
      device: { id: this.options.log.origin, name: this.deviceName },
      devices,
      last: this.store.lastRun(devices),
      running: this.running !== null
    }
  }

  async configure(change: {
    remote?: string | null | undefined
    intervalMinutes?: number | undefined
    deviceName?: string | null | undefined
  }): Promise<NexusSyncStatus> {
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined))
    await this.options.config.patch({ sync: defined })
    return this.status()
  }

  /** Syncs in the background every configured interval (the app's hosts; a one-shot CLI run does not). */
  startSchedule(busy: () => boolean): void {
    this.schedule ??= new SyncSchedule({
      config: this.options.config,
      run: () => this.run(),
      busy,
      now: () => this.options.clock.now(),
      log: this.logger
    })
  }

  dispose(): void {
    this.schedule?.dispose()
    this.schedule = null
  }

  /** Exchanges the log with the remote; a second call while one runs shares its result. */
  run(remote?: string): Promise<NexusSyncResult> {
    this.running ??= this.runOnce(remote).finally(() => {
      this.running = null
    })
    return this.running
  }

  release(device: string): Promise<NexusSyncStatus> {
    if (!this.store.release(device)) throw notFound(`No device ${device} has been seen through the remote`)
    return this.status()
  }

  /** A new id for this home; what it wrote under the old one keeps the old id (the log is append-only). */
  async newDeviceId(): Promise<NexusSyncStatus> {
    if (this.running !== null) throw conflict('A sync is running; take a new device id when it has finished')
    this.store.renewDeviceId(randomUUID(), this.options.clock.now())
    this.options.log.reloadOrigin()
    this.logger.info('nexus sync: this home took a new device id', { device: this.options.log.origin })
    return this.status()
  }

  private async runOnce(remoteArg: string | undefined): Promise<NexusSyncResult> {
    const saved = this.options.config.read().config.sync.remote
    const remote = remoteArg ?? saved
    if (remote === null)
      throw invalidInput('No remote yet: give one (hearth nexus sync --remote URL, or Settings → Sync)')
    if (remoteArg !== undefined && remoteArg !== saved)
      await this.options.config.patch({ sync: { remote: remoteArg } })
    const startedAt = this.options.clock.now()
    mkdirSync(this.options.dir, { recursive: true, mode: 0o700 })
    const outcome = await withFileLock(join(this.options.dir, 'sync'), () => this.exchangeLocked(remote))
    const devices = this.deviceList()
    const result: NexusSyncResult = {
      ok: outcome.problems.length === 0,
      remote: shownRemote(remote),
      startedAt,
      finishedAt: this.options.clock.now(),
      pushed: outcome.pushed,
      pulled: outcome.pulled,
      devices,
      problems: outcome.problems,
      notes: outcome.notes,
      needsNewDeviceId: outcome.needsNewDeviceId,
      remoteCommit: outcome.remoteCommit
    }
    this.store.recordRun(result)
    this.logger.info('nexus sync finished', { ok: result.ok, pushed: result.pushed, pulled: result.pulled })
    this.options.events.emit('nexus.synced', result)
    return result
  }

  private async exchangeLocked(remote: string): Promise<Exchange> {
    if ((await GitStore.version()) === null)
      return failed(
        'Git is not installed, so the Nexus cannot sync. Install git (git-scm.com) and sync again.'
      )
    const device = this.options.log.origin
    const progress = (phase: NexusSyncProgress['phase'], message: string): void =>
      this.options.events.emit('nexus.syncProgress', { phase, message })
    try {
      const git = await this.gitFor(remote, device)
      return await exchange({
        git,
        store: this.store,
        log: this.options.log,
        device,
        deviceName: this.deviceName,
        clock: this.options.clock,
        progress,
        secrets: this.options.secrets ?? (async () => [])
      })
    } catch (error) {
      // The next sync opens the repository afresh rather than trust what this one left.
      this.git = null
      this.logger.warn('nexus sync failed', { error })
      return failed(
        `The sync did not complete: ${gitMessage(error, remote)}. Nothing local was changed by it; try again.`
      )
    }
  }

  private async gitFor(remote: string, device: string): Promise<GitStore> {
    const kept = this.git
    if (kept !== null && kept.device === device && (await kept.reuse(remote))) return kept
    this.git = await GitStore.open(join(this.options.dir, 'nexus.git'), remote, device)
    return this.git
  }

  private deviceList(): NexusSyncDevice[] {
    const self = this.options.log.origin
    const known = this.store.devices()
    const selfRow = known.find((device) => device.device === self)
    const others = known.filter((device) => device.device !== self)
    return [
      {
        id: self,
        name: this.deviceName,
        status: 'this' as const,
        problem: null,
        entries: selfRow?.entries ?? 0,
        lastSeenAt: selfRow?.lastSeenAt ?? null
      },
      ...others.map((device) => ({
        id: device.device,
        name: device.name,
        status: device.status,
        problem: device.problem,
        entries: device.entries,
        lastSeenAt: device.lastSeenAt
      }))
    ]
  }
}

function failed(problem: string): Exchange {
  return { pushed: 0, pulled: 0, problems: [problem], notes: [], needsNewDeviceId: false, remoteCommit: null }
}

/** git's own words, first line, without the remote's credentials. */
function gitMessage(error: unknown, remote: string): string {
  const text = error instanceof Error ? error.message : String(error)
  const first = text.split('\n').find((line) => line.trim().length > 0) ?? 'git failed'
  return first
    .replaceAll(remote, shownRemote(remote))
    .replace(/^fatal:\s*/, '')
    .trim()
}
