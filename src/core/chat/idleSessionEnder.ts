import type { EventHub } from '../events'
import type { SessionsService } from './sessionsService'

/**
 * Ends a session after it has been idle for `retention.idleMinutes` (SPEC §4: retention runs
 * when a session ends explicitly, on idle timeout, or on quit). Every finished or failed turn
 * restarts that session's timer; 0 minutes turns the timeout off. Timers are unref'd so they
 * never keep a CLI process alive.
 */
export class IdleSessionEnder {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  /** Every session this process ran a turn in, so quitting the app can end them (SPEC §4). */
  private readonly touched = new Set<string>()
  private readonly unsubscribe: () => void

  constructor(
    events: EventHub,
    private readonly sessions: SessionsService,
    private readonly idleMinutes: () => number,
    private readonly onError: (error: unknown) => void = () => undefined
  ) {
    this.unsubscribe = events.subscribe((event, payload) => {
      if (event !== 'chat.finished' && event !== 'chat.failed') return
      this.touch((payload as { sessionId: string }).sessionId)
    })
  }

  /** Restarts the idle timer of a session. */
  touch(sessionId: string): void {
    this.touched.add(sessionId)
    clearTimeout(this.timers.get(sessionId))
    this.timers.delete(sessionId)
    const minutes = this.idleMinutes()
    if (minutes <= 0) return
    const timer = setTimeout(() => void this.end(sessionId), minutes * 60_000)
    timer.unref()
    this.timers.set(sessionId, timer)
  }

  /** On app quit: ends every session this process touched that is still open, once each. */
  async endAll(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
    const ids = [...this.touched]
    this.touched.clear()
    for (const id of ids) await this.end(id)
  }

  dispose(): void {
    this.unsubscribe()
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  private async end(sessionId: string): Promise<void> {
    this.timers.delete(sessionId)
    try {
      if (this.sessions.isOpen(sessionId)) await this.sessions.end(sessionId)
    } catch (error) {
      this.onError(error)
    }
  }
}
