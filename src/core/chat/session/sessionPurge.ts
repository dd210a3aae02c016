import { writeTransaction } from '../../node/db/writeTransaction'
import type { SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import type { SessionPurgeStep } from '../../ports/sessionPurge'
import { uniqueById } from '../uniqueById'

/**
 * Deleting a chat for good: each feature's step (memory's recall log and retention runs, chat's
 * session-end work and session row) in one transaction, so a crash or a failing step leaves the
 * chat whole. What is not a step stays: memory facts and memory-write receipts belong to the
 * agent's memory and carry their own quote, and the Nexus log is append-only by design.
 */
export class SessionPurge {
  private readonly run: (sessionId: SessionId) => void

  /** Refuses a step given twice, so the core is not built with a half-known purge. */
  constructor(db: Db, steps: readonly SessionPurgeStep[]) {
    const unique = uniqueById(steps, 'session purge step')
    this.run = writeTransaction(db, (sessionId: SessionId) => {
      for (const step of unique) step.forgetSession(sessionId)
    })
  }

  purge(sessionId: SessionId): void {
    this.run(sessionId)
  }
}
