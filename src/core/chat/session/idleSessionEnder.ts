import type { SessionId } from '../../../shared/contract'
import type { EventHub } from '../../events'
import type { SessionsService } from '../sessionsService'

/** How often idle sessions are looked for: the timeout in force is read afresh each time. */
export const IDLE_SWEEP_MS = 30_000

/**
 * Ends a session after it has been idle for `retention.idleMinutes` (spec §4: retention runs
 * when a session ends explicitly, on idle timeout, or on quit). Every finished or failed turn
 * marks the session active. A sweep compares each session's quiet time with the timeout read
 * fresh from config, so a timeout changed in Settings (or in config.json) applies to sessions
 * already open; 0 minutes turns the timeout off. The timer is unref'd so it never keeps a CLI
 * process alive.
 */
export class IdleSessionEnder {
  /** Last activity of every session this process ran a turn in (quitting the app ends them too). */
  private readonly lastActive = new Map<SessionId, number>()
  private readonly ending = new Set<string>()
  private readonly unsubscribe: () => void
  private readonly sweeper: NodeJS.Timeout

  constructor(
    events: EventHub,
    private readonly sessions: SessionsService,
    private readonly idleMinutes: () => number,
    /** Told about a session that could not be ended (its hooks run again on the next end), or a timeout that could not be read. */
    private readonly onError: (error: unknown, sessionId?: SessionId) => void = () => undefined,
    private readonly now: () => number = Date.now
  ) {
    this.unsubscribe = events.subscribe((event, payload) => {
      if (event === 'chat.finished' || event === 'chat.failed') this.touch(payload.sessionId)
    })
    this.sweeper = setInterval(() => void this.sweep(), IDLE_SWEEP_MS)
    this.sweeper.unref()
  }

  /** Marks a session active now: its idle time starts again. */
  touch(sessionId: SessionId): void {
    this.lastActive.set(sessionId, this.now())
  }

  /** Ends every session that has been quiet for at least the timeout in force now. */
  async sweep(): Promise<void> {
    const minutes = this.readMinutes()
    if (minutes <= 0) return
    const cutoff = this.now() - minutes * 60_000
    const idle = [...this.lastActive].filter(([, at]) => at <= cutoff).map(([id]) => id)
    for (const id of idle) {
      this.lastActive.delete(id)
      await this.end(id, 'idle')
    }
  }

  /** On app quit: ends every session this process touched that is still open, once each. */
  async endAll(): Promise<void> {
    const ids = [...this.lastActive.keys()]
    this.lastActive.clear()
    for (const id of ids) await this.end(id, 'quit')
  }

  dispose(): void {
    this.unsubscribe()
    clearInterval(this.sweeper)
    this.lastActive.clear()
  }

  private readMinutes(): number {
    try {
      return this.idleMinutes()
    } catch (error) {
      this.onError(error)
      return 0
    }
  }

  private async end(sessionId: SessionId, reason: 'idle' | 'quit'): Promise<void> {
    if (this.ending.has(sessionId)) return
    this.ending.add(sessionId)
    try {
      if (this.sessions.isOpen(sessionId)) await this.sessions.end(sessionId, reason)
    } catch (error) {
      this.onError(error, sessionId)
    } finally {
      this.ending.delete(sessionId)
    }
  }
}
