import type { ConfigReader } from '../../home/configStore'
import type { Logger } from '../../ports/logger'

/** How often the schedule looks whether a sync is due (the interval itself is in minutes). */
const TICK_MS = 30_000

export interface SyncScheduleOptions {
  readonly config: ConfigReader
  /** Runs one sync with the saved remote. */
  readonly run: () => Promise<unknown>
  /** True while a chat is answering: a sync then waits for the next pause between turns. */
  readonly busy: () => boolean
  readonly now: () => number
  readonly log: Logger
  readonly tickMs?: number
}

/**
 * The app's background sync: every `sync.intervalMinutes` (read at each tick, so a change in
 * Settings applies at once), only while a remote is set, never while a chat is answering, and
 * never two at a time. A failed sync is recorded by the sync itself and tried again next time.
 */
export class SyncSchedule {
  private readonly timer: NodeJS.Timeout
  private lastRunAt: number
  private running = false

  constructor(private readonly options: SyncScheduleOptions) {
    this.lastRunAt = options.now()
    this.timer = setInterval(() => void this.tick(), options.tickMs ?? TICK_MS)
    this.timer.unref()
  }

  async tick(): Promise<void> {
    const { remote, intervalMinutes } = this.options.config.read().config.sync
    if (remote === null || intervalMinutes === 0 || this.running || this.options.busy()) return
    if (this.options.now() - this.lastRunAt < intervalMinutes * 60_000) return
    this.running = true
    try {
      await this.options.run()
    } catch (error) {
      this.options.log.warn('background nexus sync failed', { error })
    } finally {
      this.lastRunAt = this.options.now()
      this.running = false
    }
  }

  dispose(): void {
    clearInterval(this.timer)
  }
}
