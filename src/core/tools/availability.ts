import type { Clock } from '../ports/clock'

/** How long a check's answer is reused: checks may probe a binary, a socket or a key. */
export const AVAILABILITY_TTL_MS = 30_000
/** A "no" this soon after a "yes" is treated as a flake: answer yes and ask again next time. */
export const FLAKE_WINDOW_MS = 60_000

interface Memo {
  readonly value: boolean
  readonly checkedAt: number
}

/**
 * Caches tool availability checks for 30 s. A check that throws counts as unavailable, so one
 * broken check hides one tool instead of failing the session. A single negative answer right
 * after a positive one is not trusted (and not cached): a tool should not vanish from a
 * session's list because its backend hiccupped once.
 */
export class AvailabilityCache {
  private readonly memos = new Map<string, Memo>()
  private readonly lastTrue = new Map<string, number>()

  constructor(private readonly clock: Clock) {}

  async isAvailable(key: string, check: (() => boolean | Promise<boolean>) | undefined): Promise<boolean> {
    if (!check) return true
    const now = this.clock.now()
    const memo = this.memos.get(key)
    if (memo && now - memo.checkedAt < AVAILABILITY_TTL_MS) return memo.value
    const value = await runCheck(check)
    if (value) {
      this.lastTrue.set(key, now)
      this.memos.set(key, { value, checkedAt: now })
      return true
    }
    const lastTrue = this.lastTrue.get(key)
    if (lastTrue !== undefined && now - lastTrue < FLAKE_WINDOW_MS) {
      this.memos.delete(key)
      return true
    }
    this.memos.set(key, { value: false, checkedAt: now })
    return false
  }

  /** Forgets a tool's answer (re-registration, or the user asked to refresh). */
  forget(key: string): void {
    this.memos.delete(key)
    this.lastTrue.delete(key)
  }
}

async function runCheck(check: () => boolean | Promise<boolean>): Promise<boolean> {
  try {
    return (await check()) === true
  } catch {
    return false
  }
}
