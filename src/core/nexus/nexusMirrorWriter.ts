import type Database from 'better-sqlite3'
import type { NexusEntry } from '../../shared/contract/nexus'
import type { EventHub } from '../events'
import type { Logger } from '../ports/logger'
import { mirroredTailSeq, writeMirror } from './nexusMirror'
import type { SqliteNexusRepository } from './nexusRepository'

/**
 * What follows an append: the `nexus.appended` event (for this process's appends and, while
 * watched, other processes'), and the markdown mirror rewritten shortly after, bursts coalesced.
 */
export class NexusMirrorWriter {
  private lastEmittedSeq: number
  private pollTimer: NodeJS.Timeout | undefined
  private mirrorTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Database.Database,
    private readonly repository: SqliteNexusRepository,
    private readonly dir: string,
    private readonly events: EventHub,
    private readonly log: Logger,
    private readonly timing: { readonly pollMs?: number; readonly mirrorDelayMs?: number }
  ) {
    this.lastEmittedSeq = repository.maxSeq()
    if (!db.readonly && this.lastEmittedSeq > 0 && mirroredTailSeq(dir) < this.lastEmittedSeq) this.schedule()
  }

  /**
   * Announces this process's own appends. While watched, entries other processes slipped in
   * before them are announced too (in order); unwatched, nobody needs them, so no reads.
   */
  announce(appended: readonly NexusEntry[]): void {
    if (this.pollTimer) {
      this.pump()
    } else {
      this.lastEmittedSeq = Math.max(this.lastEmittedSeq, (appended.at(-1) as NexusEntry).seq)
      this.events.emit('nexus.appended', { entries: [...appended] })
    }
    this.schedule()
  }

  /** Starts emitting `nexus.appended` for entries written by other processes; returns the tail. */
  watch(): number {
    if (!this.pollTimer) {
      this.lastEmittedSeq = this.repository.maxSeq()
      this.pollTimer = setInterval(() => this.pump(), this.timing.pollMs ?? 1000)
      this.pollTimer.unref()
    }
    return this.repository.maxSeq()
  }

  /** Emits every entry not yet announced, whoever wrote it; cheap when nothing changed. */
  pump(): void {
    if (!this.db.open) return
    while (this.repository.maxSeq() > this.lastEmittedSeq) {
      const entries = this.repository.since(this.lastEmittedSeq, 500)
      if (entries.length === 0) return
      this.lastEmittedSeq = (entries.at(-1) as NexusEntry).seq
      this.events.emit('nexus.appended', { entries })
      this.schedule()
    }
  }

  /** Rewrites the markdown mirror now (the CLI calls this before exiting). */
  flush(): void {
    if (this.mirrorTimer) clearTimeout(this.mirrorTimer)
    this.mirrorTimer = undefined
    if (this.db.open) writeMirror(this.repository, this.dir)
  }

  dispose(): void {
    if (this.pollTimer) clearInterval(this.pollTimer)
    this.pollTimer = undefined
    if (this.mirrorTimer) {
      clearTimeout(this.mirrorTimer)
      this.mirrorTimer = undefined
      this.writeLogged()
    }
  }

  /** Coalesces bursts of appends into one mirror rewrite. */
  private schedule(): void {
    if (this.mirrorTimer) return
    this.mirrorTimer = setTimeout(() => {
      this.mirrorTimer = undefined
      this.writeLogged()
    }, this.timing.mirrorDelayMs ?? 150)
  }

  private writeLogged(): void {
    try {
      if (this.db.open) writeMirror(this.repository, this.dir)
    } catch (error) {
      // The mirror is a convenience copy; a full disk must not fail the append that caused it.
      this.log.warn('the markdown mirror could not be written; the log itself is intact', {
        error,
        folder: this.dir
      })
    }
  }
}
