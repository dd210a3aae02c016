/** Waits after consecutive failures: 30 s, 1 min, 2 min, 5 min, then every 10 min. */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 60_000, 120_000, 300_000, 600_000]

/**
 * When a server that failed to start may be tried again. Without it every turn of every
 * session would pay the whole start timeout again for a server that is plainly broken.
 * A success, or the user pressing Test, resets it.
 */
export class RetryBackoff {
  private failures = 0
  private nextAttemptAt = 0

  constructor(private readonly now: () => number) {}

  recordFailure(): void {
    this.failures++
    this.nextAttemptAt =
      this.now() + (RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1] as number)
  }

  reset(): void {
    this.failures = 0
    this.nextAttemptAt = 0
  }

  /** Milliseconds until the next try is allowed (0 when it is allowed now). */
  waitMs(): number {
    return Math.max(0, this.nextAttemptAt - this.now())
  }

  /** Epoch ms of the next allowed try, or null when not backing off. */
  retryAt(): number | null {
    return this.waitMs() > 0 ? this.nextAttemptAt : null
  }
}
