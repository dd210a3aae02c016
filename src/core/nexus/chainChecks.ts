import type Database from 'better-sqlite3'
import type { NexusVerifyReport } from '../../shared/contract/nexus'
import type { Clock } from '../ports/clock'
import type { SqliteNexusRepository } from './nexusRepository'
import { VerifiedPrefix } from './verifiedPrefix'
import { verifyChain, verifyChainInSteps, type VerifyFrom, type VerifyProgress } from './verifyChain'

/** How long a check may go on from an earlier one before every entry is recomputed again. */
const WHOLE_CHECK_EVERY_MS = 24 * 60 * 60_000

/**
 * The checks of the Nexus chain a host runs, and how far they have got. A whole check recomputes
 * every entry (the Verify button, `hearth nexus verify`); the app's own checks (opening the
 * Nexus, after appends) go on from the last good check while the whole chain was recomputed
 * within a day, so a year's log is not hashed again each time. A failed check is never gone on
 * from: every later check recomputes the chain from its first entry until one passes.
 */
export class ChainChecks {
  private running: { readonly whole: boolean; readonly done: Promise<NexusVerifyReport> } | null = null
  private readonly verified: VerifiedPrefix

  constructor(
    private readonly db: Database.Database,
    private readonly repository: SqliteNexusRepository,
    private readonly clock: Clock
  ) {
    this.verified = new VerifiedPrefix(db)
  }

  /** Recomputes every entry at once; the outcome is recorded for the checks after it. */
  whole(): NexusVerifyReport {
    const startedAt = this.clock.now()
    const tail = this.repository.tail()
    const report = verifyChain(this.repository)
    this.remember(report, tail, startedAt)
    return report
  }

  /**
   * The check in steps that give the thread back, with progress; with `resume`, from the last
   * good check. A check asked for while one runs shares it (and its progress reports) rather
   * than walking the log twice, unless it is a whole check and the running one is not.
   */
  inSteps(onProgress: (progress: VerifyProgress) => void, resume: boolean): Promise<NexusVerifyReport> {
    const running = this.running
    if (running !== null && (running.whole || resume)) return running.done
    const done = (running?.done.catch(() => undefined) ?? Promise.resolve())
      .then(() => this.stepped(onProgress, resume))
      .finally(() => {
        if (this.running?.done === done) this.running = null
      })
    this.running = { whole: !resume, done }
    return done
  }

  private async stepped(
    onProgress: (progress: VerifyProgress) => void,
    resume: boolean
  ): Promise<NexusVerifyReport> {
    const startedAt = this.clock.now()
    const point = resume ? this.verified.current() : null
    const from: VerifyFrom | undefined =
      point !== null && startedAt - point.wholeAt < WHOLE_CHECK_EVERY_MS
        ? { point, idOf: (seq) => this.verified.idOf(seq) }
        : undefined
    const { report, through } = await verifyChainInSteps(this.repository, onProgress, from)
    this.remember(report, through, from?.point.wholeAt ?? startedAt)
    return report
  }

  private remember(report: NexusVerifyReport, through: { seq: number; hash: string }, wholeAt: number): void {
    if (!this.db.open) return
    if (report.ok) this.verified.record({ ...through, wholeAt }, this.clock.now())
    else this.verified.forget()
  }
}
